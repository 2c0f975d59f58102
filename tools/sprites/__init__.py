"""The sprite drawings of Iwari Desktop, one module per sprite family; `tools/make_sprites.py` runs them.

`canvas` has the supersampled drawing area they all share; `tribes` (emblems, tents, totems),
`feats`, `neutral_pieces` (mountain, iceberg, the Void's pieces), `tokens`, `cards` and `icons`
each draw one family. Import them after `tools/make_sprites.py` has chosen a headless video
driver, as that script does.
"""
