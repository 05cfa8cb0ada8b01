"""Batch simulation (placeholder docstring)."""

from pocha_rules.batch._games import BatchActionError, BatchGames
from pocha_rules.batch._simulate import BatchResult, simulate_batch

__all__ = ["BatchActionError", "BatchGames", "BatchResult", "simulate_batch"]
