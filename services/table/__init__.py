"""The table service: creates tables, seats people and AIs, starts games, keeps the lobby."""
