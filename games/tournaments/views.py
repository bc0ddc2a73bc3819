"""A tournament's pages (one view per interaction)."""
