-- wrk script of the cold baseline (bench/run.ts): every request a different seeded code, in the
-- scattered order of bench/touch-all.ts (fixtures.ts: SCATTER_STEP), so the
-- bare server is driven by wrk's C client rather than a Node loop that tops out below it.
-- Codes are codeFor's (bench/fixtures.ts): "l" and the number in 7 digits.
-- Usage: wrk -t1 -c32 -d10s -s bench/cold-codes.lua http://127.0.0.1:PORT -- <of> <SCATTER_STEP>
-- One thread: one counter, so no code repeats until `of` requests have been sent.
local of, step
local i = 0

function init(args)
  of = assert(tonumber(args[1]), "cold-codes.lua: <of> missing")
  step = assert(tonumber(args[2]), "cold-codes.lua: <step> missing")
end

function request()
  local n = (i * step) % of + 1
  i = i + 1
  return wrk.format("GET", string.format("/s/l%07d", n))
end
