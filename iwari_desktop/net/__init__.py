"""Network play (issue #33): one authoritative host runs the engine, clients get only what their seats see.

No pygame and no scenes here (docs/architecture.md): the package imports the engine and i18n only, so a
dedicated server runs without a window. `state_codec` turns a GameState into JSON-ready data and back,
typed and bounded; `seat_view` masks a state down to one seat's knowledge before it is sent
(docs/network.md, "What a client is sent").
"""
