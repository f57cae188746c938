// Zone membership with hysteresis and dwell; see Zone.swift.
