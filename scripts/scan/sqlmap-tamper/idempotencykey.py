#!/usr/bin/env python
"""
A new Idempotency-Key header on each request (`npm run scan`, docs/security.md): the payment calls run once per
key, and a key reused with another body is refused before anything else (422), so a payload sent with the
baseline's key would never reach the code it is meant to test.
"""

import uuid

from lib.core.enums import PRIORITY

__priority__ = PRIORITY.NORMAL


def dependencies():
    pass


def tamper(payload, **kwargs):
    headers = kwargs.get("headers", {})
    headers["Idempotency-Key"] = "scan-%s" % uuid.uuid4()
    return payload
