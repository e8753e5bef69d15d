"""nzpass.ir.type_cache: what a context parsed is kept for the context's life, as
capsules that keep no context alive, and dropped when the context dies."""

import gc
import weakref

import pytest

from nzpass.ir import type_cache
from nzpass.ir.bindings import MLIRError, ir, new_context

TILE = ("!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=128, v_row=64, v_col=128, "
        "blayout=col_major, slayout=row_major, fractal=1024, pad=0>")


@pytest.mark.parametrize("text", [TILE, "f16", "i32", "index", "!pto.ptr<f16>"])
def test_a_parsed_type_is_what_the_parser_gives_every_time(text):
    with new_context():
        first, again = type_cache.parsed_type(text), type_cache.parsed_type(text)
        expected = ir.Type.parse(text)
        assert first == again == expected
        assert type(first) is type(again) is type(expected)  # F16Type, OpaqueType...


@pytest.mark.parametrize("text", ["#pto.layout<nz>", "#pl.layout<nz, stride = [4, 1]>",
                                  "#pto<st_phase final>"])
def test_a_parsed_attribute_is_what_the_parser_gives_every_time(text):
    with new_context():
        first, again = type_cache.parsed_attribute(text), type_cache.parsed_attribute(text)
        expected = ir.Attribute.parse(text)
        assert first == again == expected
        assert type(first) is type(again) is type(expected)


def test_each_context_gets_its_own_objects():
    one, two = new_context(), new_context()
    with one:
        in_one = type_cache.parsed_type(TILE)
    with two:
        in_two = type_cache.parsed_type(TILE)
        assert in_two.context == two and in_two != in_one
    with one:
        assert type_cache.parsed_type(TILE).context == one


def test_the_table_goes_with_its_context_and_keeps_it_not_alive():
    ctx = new_context()
    with ctx:
        type_cache.parsed_type(TILE)
        type_cache.parsed_attribute("#pto.layout<nz>")
    key, alive = id(ctx), weakref.ref(ctx)
    assert key in type_cache._PARSED
    del ctx
    gc.collect()
    assert alive() is None
    assert key not in type_cache._PARSED  # a later context at this address starts empty


def test_a_text_that_does_not_parse_raises_each_time_and_is_not_kept():
    ctx = new_context()
    with ctx:
        for _ in range(2):
            with pytest.raises(MLIRError):
                type_cache.parsed_type("!pto.ptr<f16")
        assert ("type", "!pto.ptr<f16") not in type_cache._PARSED[id(ctx)]


def test_a_context_no_weak_reference_can_watch_parses_each_time(monkeypatch):
    def refuse(*_args):
        raise TypeError("cannot create weak reference")

    monkeypatch.setattr(type_cache.weakref, "finalize", refuse)
    ctx = new_context()
    with ctx:
        assert type_cache.parsed_type(TILE) == ir.Type.parse(TILE)
        assert id(ctx) not in type_cache._PARSED
