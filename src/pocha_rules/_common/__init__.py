"""The machinery both games share (private): the library's errors and their
codes, safe text for messages, a record's tags, writing a file in one step,
and whether worker processes can start.

The lowest layer: it imports the standard library and attrs alone, and both
games' cores and every door build on it.
"""
