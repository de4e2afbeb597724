#!/usr/bin/env bash
# dkimpy (pinned), the independent DKIM verifier tests/all/dkim.rs runs, in a virtual
# environment of its own: target/dkim-venv. The tests find it there, or at FELDPOST_DKIM_PYTHON.
#
#   bash tests/dkim/install.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

version=1.1.8
venv=target/dkim-venv
if ! "$venv/bin/python" -c "import dkim, importlib.metadata as m; assert m.version('dkimpy') == '$version'" 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "dkimpy==$version"
fi
echo "dkimpy $version in $venv"
