"""President (CardVerse 1.1.0): the shared library of the table, engine and AI-worker services."""
