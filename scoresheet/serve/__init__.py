"""`scoresheet serve`: the live score sheet on every phone at the table."""
