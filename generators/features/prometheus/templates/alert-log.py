#!/usr/bin/python3
# openfactory-alert-log PORT [LOG]: the lab's Alertmanager receiver. Alertmanager posts
# each notification here (webhook, 127.0.0.1 only); every alert in it becomes one line of
# LOG (/var/log/openfactory/alerts.log):
#   <time received> <status> <alertname> node=<node> startsAt=<start> [endsAt=<end>]
import json
import sys
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, HTTPServer

LOG = "/var/log/openfactory/alerts.log"
MAX_BODY = 1 << 20


def plain(value):
    # Labels come from the lab's Prometheus; keep each to one printable word.
    return "".join(ch if ch.isprintable() and not ch.isspace() else "_" for ch in str(value))[:200]


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length <= 0 or length > MAX_BODY:
            self.send_error(413 if length > MAX_BODY else 411)
            return
        try:
            message = json.loads(self.rfile.read(length))
            alerts = message["alerts"]
        except (ValueError, KeyError, TypeError):
            self.send_error(400)
            return
        now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        lines = []
        for alert in alerts:
            labels = alert.get("labels", {})
            line = "%s %s %s node=%s startsAt=%s" % (
                now, plain(alert.get("status", "")), plain(labels.get("alertname", "")),
                plain(labels.get("node", "")), plain(alert.get("startsAt", "")))
            if alert.get("status") == "resolved":
                line += " endsAt=%s" % plain(alert.get("endsAt", ""))
            lines.append(line + "\n")
        with open(self.server.log, "a", encoding="utf-8") as log:
            log.writelines(lines)
        self.send_response(200)
        self.end_headers()

    def log_message(self, format, *args):
        pass


if __name__ == "__main__":
    server = HTTPServer(("127.0.0.1", int(sys.argv[1])), Receiver)
    server.log = sys.argv[2] if len(sys.argv) > 2 else LOG
    server.serve_forever()
