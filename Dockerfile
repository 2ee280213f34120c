# Coal Baron for Discord, as a container image.
#
#   docker build -t coalbaron .                        # (or podman build)
#   docker run -d --env-file .env -v coalbaron-data:/data -p 127.0.0.1:8080:8080 coalbaron
#
# The base is a build argument: a slim Python image by default. A plain Debian image works too (Python
# 3.11 is installed from Debian's packages then): docs/operations.md shows both, and
# tests/test_container.py builds on one made with debootstrap. Optional build secret `ca`: a CA bundle
# for pip behind a proxy with its own certificate (never kept in the image).
ARG BASE=python:3.12-slim

FROM ${BASE} AS build
RUN if ! command -v python3 >/dev/null 2>&1; then \
        apt-get update && apt-get install -y --no-install-recommends python3 python3-venv ca-certificates \
        && rm -rf /var/lib/apt/lists/*; \
    fi
WORKDIR /src
COPY pyproject.toml README.md ./
COPY rules rules
COPY players players
COPY storage storage
COPY rendering rendering
COPY games games
COPY bot bot
RUN --mount=type=secret,id=ca,required=false \
    python3 -m venv /opt/venv \
    && PIP_CERT="$([ -f /run/secrets/ca ] && echo /run/secrets/ca)" /opt/venv/bin/pip install --no-cache-dir . \
    && find /opt/venv -name __pycache__ -prune -exec rm -rf {} +

FROM ${BASE}
RUN if ! command -v python3 >/dev/null 2>&1; then \
        apt-get update && apt-get install -y --no-install-recommends python3 ca-certificates \
        && rm -rf /var/lib/apt/lists/*; \
    fi \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin coal \
    && mkdir -p /data && chown coal /data
COPY --from=build /opt/venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    COALBARON_DB=/data/coalbaron.sqlite3 \
    HEALTH_PORT=8080 \
    HEALTH_HOST=0.0.0.0
USER coal
WORKDIR /data
VOLUME /data
EXPOSE 8080
# The event loop answers: /healthz (readiness, /readyz, is for the orchestrator that wants it).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8080/healthz', timeout=4)"]
# SIGTERM: the move in progress is stored, the database closed, exit 0 (python -m bot handles it).
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
