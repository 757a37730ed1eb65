#!/usr/bin/env bash
# npm test's pretest step: the system tools the tests use beyond npm — poppler (pdftotext, pdfinfo, pdftoppm,
# pdffonts, pdfimages) and qpdf to check PDFs as a user would, unzip for ZIPs, LibreOffice to open DOCX, openssl
# for test certificates, Debian's Chromium for the browser tests (no browser is downloaded). Installs whatever is
# missing when it can (apt-get as root, or with sudo that needs no password). What stays missing is named here,
# and each test file that needs it skips with one line naming it (test/helpers/needs.ts) — with CI=true both
# this step and those files fail instead.
set -uo pipefail

declare -A tools=([pdftotext]=poppler-utils [qpdf]=qpdf [unzip]=unzip [soffice]=libreoffice-writer [openssl]=openssl)
missing=()
for tool in "${!tools[@]}"; do command -v "$tool" >/dev/null 2>&1 || missing+=("${tools[$tool]}"); done
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo -n"; fi
if command -v apt-get >/dev/null 2>&1 && { [ -z "$sudo" ] || sudo -n true 2>/dev/null; }; then
  echo "pretest: installing ${missing[*]} with apt-get (a few minutes the first time)"
  if ($sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}") >/dev/null 2>&1; then
    exit 0
  fi
  echo "pretest: apt-get could not install ${missing[*]}"
fi
echo "pretest: missing ${missing[*]} — the tests that need them skip, each with one line naming what is missing"
[ "${CI:-}" = "true" ] && exit 1
exit 0
