"""Text analysis: the one tokenizer for index and query (stems, identifiers, CJK words)."""
