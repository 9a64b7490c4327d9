#!/usr/bin/env bash
# Checks docs/deploy.md on this machine: the shop (built: `npm run build`) behind Debian's nginx
# (`apt-get install nginx`) with a self-signed certificate, configured as the guide says, on free
# ports and a temporary data folder. It checks HTTP -> HTTPS, HSTS over HTTPS, the client address the
# shop sees, a forged X-Forwarded-For ignored, compression left to the shop, and that a backup of the
# stopped shop's data folder, restored elsewhere, serves the same order. About two minutes (two shop
# starts); not run by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
NGINX=${NGINX:-/usr/sbin/nginx}
[ -x "$NGINX" ] || { echo "deploy-check: nginx not found (apt-get install nginx)"; exit 2; }
[ -f apps/server/dist/server.mjs ] || { echo "deploy-check: run npm run build first"; exit 2; }

T=$(mktemp -d /tmp/vitrina-deploy-XXXXXX)
SHOP_PID=""; NGINX_PID=""
cleanup() {
  [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null || true
  [ -n "$SHOP_PID" ] && kill "$SHOP_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$T"
}
trap cleanup EXIT
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
SHOP_PORT=$(free_port); HTTP_PORT=$(free_port); HTTPS_PORT=$(free_port)
ADMIN_TOKEN=$(openssl rand -hex 24)
failures=0
check() { # check NAME CONDITION-COMMAND...
  local name=$1; shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}

start_shop() { # start_shop DATA_DIR LOG
  env NODE_ENV=production HOST=127.0.0.1 PORT="$SHOP_PORT" DATA_DIR="$1" \
    PUBLIC_URL="https://localhost:$HTTPS_PORT" TRUST_PROXY=127.0.0.1 ADMIN_TOKEN="$ADMIN_TOKEN" \
    node scripts/start.mjs >"$2" 2>&1 &
  SHOP_PID=$!
  for _ in $(seq 1 120); do
    curl -sf -o /dev/null "http://127.0.0.1:$SHOP_PORT/readyz" && return 0
    kill -0 "$SHOP_PID" 2>/dev/null || { tail -20 "$2"; return 1; }
    sleep 1
  done
  echo "the shop did not become ready"; return 1
}
stop_shop() { kill -TERM "$SHOP_PID"; wait "$SHOP_PID" 2>/dev/null || true; SHOP_PID=""; }

echo "shop :$SHOP_PORT, nginx :$HTTP_PORT (http) :$HTTPS_PORT (https), data $T"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
  -keyout "$T/key.pem" -out "$T/cert.pem" 2>/dev/null
mkdir -p "$T/nginx/logs"
# the server blocks of docs/deploy.md, on free ports and this run's certificate
cat >"$T/nginx/nginx.conf" <<CONF
worker_processes 1;
error_log $T/nginx/logs/error.log;
pid $T/nginx/nginx.pid;
events { worker_connections 256; }
http {
  access_log $T/nginx/logs/access.log;
  client_body_temp_path $T/nginx/body; proxy_temp_path $T/nginx/proxy;
  fastcgi_temp_path $T/nginx/fastcgi; uwsgi_temp_path $T/nginx/uwsgi; scgi_temp_path $T/nginx/scgi;
  upstream vitrina { server 127.0.0.1:$SHOP_PORT; keepalive 16; }
  server {
    listen 127.0.0.1:$HTTP_PORT;
    server_name localhost;
    location / { return 301 https://\$host:$HTTPS_PORT\$request_uri; }
  }
  server {
    listen 127.0.0.1:$HTTPS_PORT ssl http2;
    server_name localhost;
    ssl_certificate $T/cert.pem;
    ssl_certificate_key $T/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    client_max_body_size 210m;
    gzip off;
    location / {
      proxy_pass http://vitrina;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_read_timeout 120s;
    }
  }
}
CONF
"$NGINX" -t -q -p "$T/nginx" -c "$T/nginx/nginx.conf"
"$NGINX" -p "$T/nginx" -c "$T/nginx/nginx.conf" -g 'daemon off;' &
NGINX_PID=$!

start_shop "$T/data" "$T/shop.log"
HTTPS="https://localhost:$HTTPS_PORT"
C=(curl -sk --interface 127.0.0.5)

# HTTP -> HTTPS
loc=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$HTTP_PORT/en")
check "http answers 301 to https ($loc)" test "$loc" = "301 https://127.0.0.1:$HTTPS_PORT/en"
# HSTS over HTTPS (the shop sets it, through the trusted X-Forwarded-Proto)
headers=$("${C[@]}" -D - -o /dev/null -H 'Accept-Encoding: br, gzip' "$HTTPS/en")
check "https page carries Strict-Transport-Security" grep -qi '^strict-transport-security: max-age=31536000' <<<"$headers"
check "the page is compressed by the shop, not again by nginx" grep -qiE '^content-encoding: (br|gzip)\s*$' <<<"$headers"
check "direct HTTP to the shop carries no HSTS" \
  sh -c "! curl -s -D - -o /dev/null http://127.0.0.1:$SHOP_PORT/en | grep -qi strict-transport-security"

# the client address the shop sees: the one nginx saw (127.0.0.5), a forged header ignored
"${C[@]}" -o /dev/null "$HTTPS/vsbridge/country/list/?probe=plain"
"${C[@]}" -o /dev/null -H 'X-Forwarded-For: 203.0.113.9' "$HTTPS/vsbridge/country/list/?probe=forged"
sleep 0.5
addr_of() { grep -F "probe=$1" "$T/shop.log" | grep -o '"remoteAddress":"[^"]*"' | head -1; }
check "client address is the browser's ($(addr_of plain))" test "$(addr_of plain)" = '"remoteAddress":"127.0.0.5"'
check "forged X-Forwarded-For ignored ($(addr_of forged))" test "$(addr_of forged)" = '"remoteAddress":"127.0.0.5"'

# an order through nginx
api() { "${C[@]}" -H 'Content-Type: application/json' "$@"; }
request=$(node -e "console.log(encodeURIComponent(JSON.stringify({filters:{type_id:'simple'}})))")
skus=$(api "$HTTPS/vsbridge/catalog/vue_storefront_catalog/product/_search?size=30&request=$request" |
  node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).hits.hits.map(h=>h._source.sku).join(' ')))")
sku=""
for s in $skus; do
  if api "$HTTPS/vsbridge/stock/check?sku=$s" | grep -q '"is_in_stock":true'; then sku=$s; break; fi
done
cart=$(api -X POST "$HTTPS/vsbridge/cart/create?storeCode=lt" | node -pe "JSON.parse(require('fs').readFileSync(0)).result")
api -X POST "$HTTPS/vsbridge/cart/update?cartId=$cart" -d "{\"cartItem\":{\"sku\":\"$sku\",\"qty\":1}}" -o /dev/null
address='{"firstname":"Ona","lastname":"Jonaitė","street":["Gedimino pr.","1"],"city":"Vilnius","postcode":"LT-01103","countryId":"LT","telephone":"+37060000000"}'
order=$(api -X POST "$HTTPS/vsbridge/order/create?storeCode=lt" -d "{\"cart_id\":\"$cart\",\"products\":[{\"sku\":\"$sku\",\"qty\":1}],\"addressInformation\":{\"shippingAddress\":$address,\"billingAddress\":$address,\"shipping_method_code\":\"courier\",\"shipping_carrier_code\":\"courier\",\"payment_method_code\":\"cashondelivery\"},\"personalDetails\":{\"firstName\":\"Ona\",\"lastName\":\"Jonaitė\",\"emailAddress\":\"deploy-check@example.com\"},\"idempotency_key\":\"deploy-check-1\"}")
number=$(node -pe "JSON.parse(process.argv[1]).result.orderNumber ?? ''" "$order")
check "an order placed through nginx ($number)" test -n "$number"
admin_order() { curl -s -H "Authorization: Bearer $ADMIN_TOKEN" "http://127.0.0.1:$SHOP_PORT/vsbridge/admin/orders/$number"; }
before=$(admin_order)

# backup: the data folder with the shop stopped; restore it elsewhere and start on it
stop_shop
tar -C "$T" -czf "$T/backup.tar.gz" data
mkdir "$T/restored" && tar -C "$T/restored" -xzf "$T/backup.tar.gz"
start_shop "$T/restored/data" "$T/shop-restored.log"
after=$(admin_order)
check "the restored backup serves the same order" test -n "$number" -a "$before" = "$after"
"${C[@]}" -o /dev/null -w '%{http_code}' "$HTTPS/en" | grep -q 200 && echo "ok   the restored shop answers through nginx"

if [ "$failures" -gt 0 ]; then echo "$failures check(s) failed"; exit 1; fi
echo "deploy check passed"
