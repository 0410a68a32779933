"""Presence head: one global token scores whether the concept is present;
object queries only localise."""
