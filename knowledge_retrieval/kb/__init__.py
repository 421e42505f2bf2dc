"""Knowledge bases on disk: the root and its KBs, README rules, the file walk, reading and parsing."""
