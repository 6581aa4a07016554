"""The matrix's cells as LAVA jobs: cli.py (lava.sh's commands) says which
module does what."""
