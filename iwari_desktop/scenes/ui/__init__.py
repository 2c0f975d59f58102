"""What every screen shares and no screen owns: the look (fonts, colours, panels), the scene stack and intents, themed widgets, dialogs, piece pictures, words and Markdown. Imports no feature."""
