"""make mutation: generate.py makes the mutants from the series' lines,
report.py judges them by the one kill rule (../mutants.py)."""
