"""Verify DKIM signatures with dkimpy, an independent implementation, no DNS asked.

    python verify.py RECORD NAME FILE...

RECORD is the TXT record published at NAME (`<selector>._domainkey.<domain>`), e.g.
`v=DKIM1; k=rsa; p=MIIB…`; each FILE is one message as it reached the relay. Prints one line a
file: `pass FILE` or `fail FILE (why)`. Exits 0 unless dkimpy is missing (status 3).
"""

import sys

try:
    import dkim
except ImportError:
    print("dkimpy is not installed (bash tests/dkim/install.sh)", file=sys.stderr)
    sys.exit(3)

record, name, files = sys.argv[1].encode(), sys.argv[2].rstrip(".").lower(), sys.argv[3:]


def dns(query, timeout=5):
    if isinstance(query, bytes):
        query = query.decode()
    return record if query.rstrip(".").lower() == name else None


for path in files:
    with open(path, "rb") as f:
        message = f.read()
    try:
        ok, why = dkim.verify(message, dnsfunc=dns), ""
    except Exception as e:  # a malformed signature is a failure like any other
        ok, why = False, repr(e)
    print(("pass " if ok else "fail ") + path + (f" ({why})" if why else ""))
