"""Network play (issue #33): Play online, Host a table, Join a table, the lobby and the board at an online table.

Only `online_net.py` imports the network package; every other screen here reads its plain values.
"""
