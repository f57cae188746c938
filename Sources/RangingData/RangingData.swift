// Host-only data I/O.
