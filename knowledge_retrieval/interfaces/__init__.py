"""How people and agents reach the library: the kr command, the agent tool, the MCP server."""
