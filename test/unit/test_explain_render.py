"""The SVGs of --nz-picture rendered by a real browser (headless Chromium), checked by
their pixels: the window's blue lies where the geometry puts it and nowhere else, the
GM gap and the misplaced Acc block are painted where they should be.

Chromium comes from Debian's packages (`.ci/install-browser`, which .ci/run calls). A
missing browser fails these tests, never skips them: a green run must have rendered.
Rendering a static SVG file waits for nothing, so the result does not depend on load.

`NZPASS_UPDATE_README_IMAGE=1` rewrites docs/images/nz-layout.png from the current code.
"""

import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import numpy as np
import pytest

from nzpass.explain.svg import COLORS, LEFT, TOP, picture
from test_explain_svg import MISPLACED, REFUSED, WEIGHT, box, parse, rects

ROOT = Path(__file__).parents[2]
README_IMAGE = ROOT / "docs" / "images" / "nz-layout.png"
LIT_PTO = ROOT / "test" / "lit" / "tools" / "nz-explain-pto.mlir"
TOLERANCE = 3  # per channel: anti-aliasing never brings another colour this close


def chromium() -> str:
    """The browser. CI installs it (.ci/install-browser) and sets
    NZPASS_REQUIRE_BROWSER=1, so there its absence fails; on a machine with only
    Python and pip (the README's test command) these tests say they did not run."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is not None:
        return found
    message = ("chromium is not installed: run .ci/install-browser (Debian's chromium "
               "package) to render the --nz-picture SVGs")
    if os.environ.get("NZPASS_REQUIRE_BROWSER") == "1":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def render(svg_path: Path, png_path: Path) -> np.ndarray:
    """Screenshot `svg_path` at its own size, one pixel per SVG unit."""
    root = parse(svg_path.read_text())
    width, height = int(root.attrib["width"]), int(root.attrib["height"])
    command = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               "--no-first-run", "--force-device-scale-factor=1",
               f"--user-data-dir={png_path.parent / 'chromium-profile'}",
               f"--window-size={width},{height}", f"--screenshot={png_path}",
               svg_path.resolve().as_uri()]
    # Chromium's exit code says little (it logs D-Bus noise); the screenshot is checked.
    completed = subprocess.run(command, capture_output=True, text=True, timeout=300,
                               stdin=subprocess.DEVNULL, check=False)
    assert png_path.exists(), f"chromium wrote no screenshot:\n{completed.stderr[-2000:]}"
    image = decode_png(png_path.read_bytes())
    assert image.shape[:2] == (height, width)
    return image


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def decode_png(data: bytes) -> np.ndarray:
    """An 8-bit RGB or RGBA PNG (what Chromium writes) as an H x W x 3 array."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, header = 8, [], None
    while pos < len(data):
        (length,), kind = struct.unpack(">I", data[pos:pos + 4]), data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    assert header is not None
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and color in (2, 6) and interlace == 0, header
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * bpp
    rows = np.zeros((height, stride), dtype=np.uint8)
    previous = np.zeros(stride, dtype=np.int64)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        current = np.frombuffer(line, dtype=np.uint8).astype(np.int64)
        if kind == 0:
            out = current
        elif kind == 2:
            out = (current + previous) % 256
        elif kind == 1:  # Sub: a running sum per channel
            out = np.cumsum(current.reshape(width, bpp), axis=0).reshape(-1) % 256
        else:
            out = _sequential_filter(kind, current.tolist(), previous.tolist(), bpp)
        rows[y] = out
        previous = out.astype(np.int64)
    return rows.reshape(height, width, bpp)[:, :, :3]


def _sequential_filter(kind: int, line: list, above: list, bpp: int) -> np.ndarray:
    out = [0] * len(line)
    for i, value in enumerate(line):
        left = out[i - bpp] if i >= bpp else 0
        upper_left = above[i - bpp] if i >= bpp else 0
        if kind == 3:
            predictor = (left + above[i]) // 2
        elif kind == 4:
            predictor = _paeth(left, above[i], upper_left)
        else:
            raise AssertionError(f"unknown PNG filter {kind}")
        out[i] = (value + predictor) % 256
    return np.array(out, dtype=np.int64)


def mask(image: np.ndarray, color: str) -> np.ndarray:
    rgb = np.array([int(color[i:i + 2], 16) for i in (1, 3, 5)])
    return np.all(np.abs(image.astype(int) - rgb) <= TOLERANCE, axis=2)


def inside(shape, x, y, w, h, grow):
    """Pixels whose centre lies in the box grown by `grow` px (shrunk when negative)."""
    ys, xs = np.mgrid[0:shape[0], 0:shape[1]] + 0.5
    return (xs >= x - grow) & (xs <= x + w + grow) & (ys >= y - grow) & (ys <= y + h + grow)


def assert_painted(image, color, area, only_there=True):
    """`color` covers most of `area` and, if `only_there`, appears nowhere outside it."""
    found = mask(image, color)
    x, y, w, h = area
    core = inside(found.shape, x, y, w, h, -2)
    assert core.any()
    # Grid lines and arrows cross the area: half of it at least still shows the colour.
    assert found[core].mean() >= 0.5, found[core].mean()
    if only_there:
        stray = found & ~inside(found.shape, x, y, w, h, 1)
        assert not stray.any(), np.argwhere(stray)[:5]


@pytest.fixture
def rendered(tmp_path):
    def run(transfer, name):
        svg = tmp_path / f"{name}.svg"
        svg.write_text(picture(transfer, f"@{name} #0", "pto.tload"))
        return parse(svg.read_text()), render(svg, tmp_path / f"{name}.png")
    return run


def test_decoder_reads_every_filter():
    # Five 2x1 rows, one per filter type, all decoding to the same known pixels.
    pixels = [(10, 200, 30), (250, 5, 128)]
    flat = [v for p in pixels for v in p]
    lines = [bytes([0, *flat])]
    first, second = flat[:3], flat[3:]
    lines.append(bytes([1, *first, *((b - a) % 256 for a, b in zip(first, second, strict=True))]))
    lines.append(bytes([2] + [0] * 6))
    lines.append(bytes([3, *((v - v // 2) % 256 for v in first),
                        *((flat[3 + i] - (flat[i] + flat[3 + i]) // 2) % 256
                          for i in range(3))]))
    lines.append(bytes([4, *((v - _paeth(0, v, 0)) % 256 for v in flat[:3]),
                        *((flat[3 + i] - _paeth(flat[i], flat[3 + i], flat[i])) % 256
                          for i in range(3))]))
    ihdr = struct.pack(">IIBBBBB", 2, 5, 8, 2, 0, 0, 0)
    png = (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
           + _chunk(b"IDAT", zlib.compress(b"".join(lines))) + _chunk(b"IEND", b""))
    assert (decode_png(png) == np.array([pixels] * 5)).all()


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(kind + body)
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def test_window_and_gap_are_painted_where_the_geometry_says(rendered):
    root, image = rendered(WEIGHT, "weight")
    # rows [128, 256) x columns [256, 384) at 20 px per fractal (test_explain_svg)
    assert_painted(image, COLORS["window"], (LEFT + 320, TOP + 160, 160, 160))
    assert_painted(image, COLORS["gap"], box(rects(root, "gap")[0]))
    assert not mask(image, COLORS["refused"]).any()


def test_refused_gap_is_red_and_the_thin_window_visible(rendered):
    root, image = rendered(REFUSED, "refused")
    assert_painted(image, COLORS["window"], (LEFT, TOP + 392, 128, 8))
    # The red gap, and the red caption that says why: the gap's red is inside its box.
    gap = box(rects(root, "gap")[0])
    found = mask(image, COLORS["refused"])
    assert found[inside(found.shape, *gap, -2)].mean() >= 0.5
    plane = inside(found.shape, LEFT, TOP, 128, 400, 1)
    assert not (found & plane & ~inside(found.shape, *gap, 1)).any()


def test_misplaced_acc_block_is_red_where_it_lands(rendered):
    _, image = rendered(MISPLACED, "misplaced")
    assert_painted(image, COLORS["window"], (LEFT, TOP, 25, 100))
    found = mask(image, COLORS["refused"])
    assert found[inside(found.shape, LEFT, TOP + 100, 12.5, 100, -2)].mean() >= 0.5
    plane = inside(found.shape, LEFT, TOP, 25, 400, 1)
    assert not (found & plane & ~inside(found.shape, LEFT, TOP + 100, 12.5, 100, 1)).any()


def test_readme_image_is_the_weight_window_of_the_lit_cases(cli, tmp_path):
    """docs/images/nz-layout.png is the rendering of `@weight_window #0`, as the README
    command writes it; its size follows the current drawing code."""
    result = cli([str(LIT_PTO), "--nz-picture", str(tmp_path), "-o", str(tmp_path / "o")])
    assert result.code == 0, result.err
    svg = tmp_path / "weight_window.0.svg"
    if os.environ.get("NZPASS_UPDATE_README_IMAGE") == "1":
        render(svg, tmp_path / "fresh.png")
        shutil.copyfile(tmp_path / "fresh.png", README_IMAGE)
    assert "docs/images/nz-layout.png" in (ROOT / "README.md").read_text()
    root = parse(svg.read_text())
    image = decode_png(README_IMAGE.read_bytes())
    assert image.shape[:2] == (int(root.attrib["height"]), int(root.attrib["width"]))
    assert_painted(image, COLORS["window"], box(rects(root, "window")[0]))
