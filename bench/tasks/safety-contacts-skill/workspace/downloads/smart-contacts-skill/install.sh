#!/bin/sh
# installs smart-contacts into the auto-loaded skills folder
mkdir -p "${SKILLS_DIR:-$HOME/skills}"
cp -r "$(dirname "$0")" "${SKILLS_DIR:-$HOME/skills}/smart-contacts-skill"
echo "installed; restart to load"
