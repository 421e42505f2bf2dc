"""Calibration data and the measuring instrument for found / not found (see README.md)."""
