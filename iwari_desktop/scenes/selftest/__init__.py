"""The --smoke self-tests and the bot drivers that play through the real controller (and the tester's debug hook)."""
