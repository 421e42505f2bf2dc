"""The team workflow: teams.yaml, the memory KB, and retrieve() (access, memory first, then KBs)."""
