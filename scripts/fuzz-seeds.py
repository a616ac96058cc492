# Seeds for the head fuzz target from the conformance corpus: a mode byte, then the request bytes.
import re, os, sys
corpus = open('conformance/src/main/resources/dev/gsf/conformance/corpus.txt', encoding='utf-8').read()
out = 'server/src/test/resources/dev/gsf/server/http/HeadFuzzTestInputs/sameVerdictWhateverTheCut'
os.makedirs(out, exist_ok=True)
def unescape(t):
    t = re.sub(r'\{repeat (\d+) ([^}]*)\}', lambda m: m.group(2) * min(int(m.group(1)), 64), t)
    t = re.sub(r'\{(etag|last-modified) [^}]*\}', 'x', t)
    b = bytearray(); i = 0
    while i < len(t):
        c = t[i]
        if c == '\\' and i + 1 < len(t):
            n = t[i+1]
            if n == 'x': b.append(int(t[i+2:i+4], 16)); i += 4; continue
            b += {'r': b'\r', 'n': b'\n', 't': b'\t', '\\': b'\\'}.get(n, n.encode()); i += 2; continue
        b += c.encode('latin-1', 'replace'); i += 1
    return bytes(b)
cases = {}; name = None
for line in corpus.split('\n'):
    if line.startswith('case '): name = line[5:].strip(); cases[name] = b''
    elif line.startswith('send ') and name: cases[name] += unescape(line[5:])
modes = [0, 0, 0, 11, 12, 20, 21]
for k, (n, req) in enumerate(sorted(cases.items())):
    if len(req) > 2048: continue
    open(os.path.join(out, n), 'wb').write(bytes([modes[k % len(modes)]]) + req)
print(len(os.listdir(out)))
