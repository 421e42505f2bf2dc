"""The on-disk Whoosh index: the only package that imports Whoosh (store, build, watch, postings, term statistics)."""
