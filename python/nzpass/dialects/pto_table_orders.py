"""The pto ops whose generic operand order differs between PTOAS
versions (`generic_orders`): operand, attribute, result and region groups, traits
and assembly formats (notation: see `pto_syntax.formats`).
Generated at development time by bench/pto_format_table.py from PTOAS's op
definitions (facts only); edit by regenerating or by hand."""

ORDERS: dict = {'pto.tcvt': {'operands': [('src', '', ''), ('tmp', '?', ''), ('dst', '', '')],
              'attrs': [('rmode', 'bare:round_mode', '?'),
                        ('sat_mode', 'bare:saturation_mode', '?')],
              'results': [],
              'format': 'custom',
              'custom_form': {'attr_dict': 'ins', 'keys': {'sat_mode': 'satmode'}},
              'generic_orders': {'tonibohnlein/PTOAS': ['src', 'tmp?', 'dst'],
                                 'hw-native-sys/PTOAS': ['src', 'dst', 'tmp?']}},
 'pto.tscatter': {'operands': [('src', '', ''), ('dst', '', ''), ('indexes', '?', '')],
                  'attrs': [('axis', 'str', '?'), ('maskPattern', 'angle:mask_pattern', '?')],
                  'results': [],
                  'format': 'custom',
                  'generic_orders': {'tonibohnlein/PTOAS': ['src', 'dst', 'indexes?'],
                                     'hw-native-sys/PTOAS': ['src', 'indexes', 'dst']}}}
