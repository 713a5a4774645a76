"""Page layout shared by every game: paper, fitting, text, packing with cut guides, page furniture."""
