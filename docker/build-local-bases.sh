#!/usr/bin/env bash
# Builds the base images the Dockerfiles take as build arguments, from Debian packages alone, for a machine
# that reaches no image registry (docker-compose.local.yml; docs/containers.md, "Without a registry"):
#   streambench/base-jre17  Debian bookworm, minimal, with openjdk-17-jre-headless  (JRE_IMAGE)
#   streambench/base-node   Debian trixie, minimal, with nodejs and npm              (NODE_IMAGE)
# Debian's Node (20 in trixie, past its end of life) only runs npm in services/azurite/Dockerfile: the image
# runs Azurite on the Node 24 LTS binary that npm ci installs from the lock file (node-linux-<arch>).
# Needs root, debootstrap and a running Docker engine; about a minute per image. An image already there is
# kept (REBUILD=1 builds it again). DEBIAN_MIRROR: the mirror to use; default: the one apt uses here.
set -euo pipefail

if [ "$(id -u)" != 0 ]; then
  echo "build-local-bases: debootstrap needs root" >&2
  exit 2
fi
for tool in debootstrap docker; do
  command -v "$tool" > /dev/null || { echo "build-local-bases: $tool is not installed (apt-get install debootstrap docker.io)" >&2; exit 2; }
done
docker info > /dev/null 2>&1 || { echo "build-local-bases: no Docker engine answers (start dockerd first)" >&2; exit 2; }

mirror=${DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
  mirror=$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1 || true)
fi
if [ -z "$mirror" ]; then
  mirror=$(sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) .*/\2/p' /etc/apt/sources.list 2>/dev/null | head -n 1 || true)
fi
mirror=${mirror:-http://deb.debian.org/debian}

# build NAME SUITE PACKAGES [MORE] [ENV]: MORE is installed with apt-get inside the new system, for packages
# whose many dependencies debootstrap's own --include cannot configure in order (npm); ENV goes into the image
build() {
  local name=$1 suite=$2 packages=$3 more=${4:-} image_env=${5:-}
  if [ -z "${REBUILD:-}" ] && docker image inspect "$name" > /dev/null 2>&1; then
    echo "$name: already built"
    return
  fi
  local dir started
  dir=$(mktemp -d)
  started=$(date +%s)
  echo "$name: debootstrap $suite ($packages${more:+, then $more}) from $mirror ..."
  fail() {
    mountpoint -q "$dir/proc" && umount "$dir/proc"
    tail -n 20 "$dir.log" >&2
    rm -rf "$dir" "$dir.log"
    echo "build-local-bases: $1 (log above)" >&2
    exit 1
  }
  debootstrap --variant=minbase --include="$packages" "$suite" "$dir" "$mirror" > "$dir.log" 2>&1 \
    || fail "debootstrap of $suite failed"
  mount -t proc proc "$dir/proc"
  # the certificate authorities this host adds to Debian's (a TLS-inspecting proxy's, a company's) are
  # trusted inside the images too, so a build that downloads (npm ci) works wherever the host's own do
  if compgen -G "/usr/local/share/ca-certificates/*.crt" > /dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$dir/usr/local/share/ca-certificates/"
    chroot "$dir" update-ca-certificates >> "$dir.log" 2>&1 || fail "update-ca-certificates in $suite failed"
  fi
  if [ -n "$more" ]; then
    chroot "$dir" sh -c "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $more" \
      >> "$dir.log" 2>&1 || fail "installing $more in $suite failed"
  fi
  umount "$dir/proc"
  rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/*
  local changes=(-c 'ENV LANG=C.UTF-8')
  [ -n "$image_env" ] && changes+=(-c "ENV $image_env")
  tar -C "$dir" -c . | docker import "${changes[@]}" - "$name" > /dev/null
  rm -rf "$dir" "$dir.log"
  echo "$name: built in $(($(date +%s) - started)) s"
}

build streambench/base-jre17 bookworm openjdk-17-jre-headless,ca-certificates
# Node reads its own certificate list unless told to add the system's
build streambench/base-node trixie nodejs,ca-certificates npm NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
