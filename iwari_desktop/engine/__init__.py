"""The Iwari rules engine: pure Python, never imports pygame."""
