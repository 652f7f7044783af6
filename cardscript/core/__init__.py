"""What every layer uses (the grammar, the compiler, the runtime, the tools): the per-user cache folder."""
