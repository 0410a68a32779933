#!/usr/bin/env bash
# Fallback when Open-Meteo is down: wttr.in's JSON.
set -euo pipefail
CITY="${1:-Beijing}"
ENCODED=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$CITY")
curl -s "https://wttr.in/${ENCODED}?format=j1"
