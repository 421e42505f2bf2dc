"""From a question to ranked, explained hits: query analysis, ranking, KB choice, snippets, the answer."""
