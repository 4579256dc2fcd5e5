# Hosted banks on a self-hosted workerd, without Cloudflare (README.md, "Self-hosting with workerd").
#
#   pnpm --filter @sandbank/cloudflare build            # dist/sandbank-worker.js
#   SANDBANK_ADMIN_TOKEN=… npx workerd serve workerd/sandbank.capnp \
#     --directory-path=bank-storage=/var/lib/sandbank
#
# Listens on 127.0.0.1:8787 (put TLS in front, and set SANDBANK_PUBLIC_ORIGIN to the origin clients
# use); every bank's SQLite database is a file below the `bank-storage` directory.

using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "sandbank", worker = .sandbank),
    (name = "bank-storage", disk = (path = "/var/lib/sandbank", writable = true)),
  ],
  sockets = [(name = "http", address = "127.0.0.1:8787", http = (), service = "sandbank")],
);

const sandbank :Workerd.Worker = (
  compatibilityDate = "2026-04-01",
  modules = [(name = "sandbank-worker.js", esModule = embed "../dist/sandbank-worker.js")],
  durableObjectNamespaces = [
    (className = "SandbankBank", uniqueKey = "sandbank-banks-v1", enableSql = true),
    (className = "SandbankDirectory", uniqueKey = "sandbank-directory-v1", enableSql = true),
  ],
  durableObjectStorage = (localDisk = "bank-storage"),
  bindings = [
    (name = "BANKS", durableObjectNamespace = "SandbankBank"),
    (name = "DIRECTORY", durableObjectNamespace = "SandbankDirectory"),
    (name = "SANDBANK_ADMIN_TOKEN", fromEnvironment = "SANDBANK_ADMIN_TOKEN"),
    (name = "SANDBANK_ANONYMOUS_CREATE", fromEnvironment = "SANDBANK_ANONYMOUS_CREATE"),
    (name = "SANDBANK_ANONYMOUS_PER_HOUR", fromEnvironment = "SANDBANK_ANONYMOUS_PER_HOUR"),
    (name = "SANDBANK_IDLE_MINUTES", fromEnvironment = "SANDBANK_IDLE_MINUTES"),
    (name = "SANDBANK_CORS_ORIGINS", fromEnvironment = "SANDBANK_CORS_ORIGINS"),
    (name = "SANDBANK_PUBLIC_ORIGIN", fromEnvironment = "SANDBANK_PUBLIC_ORIGIN"),
  ],
);
