#!/usr/bin/env bash
# Runs the tests of the log reader (its limits, the fuzz target, bad input) against the oldest and the
# newest PyYAML that pyproject.toml allows, each in a virtual environment of its own under $1 (default:
# a temporary folder).  Usage: scripts/check_pyyaml_range.sh [FOLDER] [OLDEST] [NEWEST]
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-$(mktemp -d)}
oldest=${2:-6.0}
newest=${3:-$(python3 -m pip index versions pyyaml 2>/dev/null | sed -n 's/^pyyaml (\(.*\))$/\1/p')}
status=0
for version in "$oldest" "$newest"; do
  venv="$work/pyyaml-$version"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet "PyYAML==$version" -e '.[test]'
  echo "== PyYAML $("$venv/bin/python" -c 'import yaml; print(yaml.__version__)')"
  "$venv/bin/python" -m pytest -q -p no:cacheprovider tests/test_yaml_limits.py tests/test_logfile.py \
    tests/test_bad_input.py tests/test_fuzz.py tests/test_yaml_construct.py || status=1
done
exit $status
