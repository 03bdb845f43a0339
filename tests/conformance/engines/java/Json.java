import java.math.BigInteger;
import java.util.*;

/** A small strict JSON reader and writer for the engine's line protocol. */
final class Json {
    static final Object NULL = new Object() { public String toString() { return "null"; } };

    static final class Bad extends Exception {
        Bad(String m) { super(m); }
    }

    private final String s;
    private int i;

    private Json(String s) { this.s = s; }

    static Object parse(String text) throws Bad {
        Json p = new Json(text);
        p.ws();
        Object v = p.value(1);
        p.ws();
        if (p.i != p.s.length()) throw new Bad("json: trailing characters");
        return v;
    }

    private void ws() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') i++; else break;
        }
    }

    private Object value(int depth) throws Bad {
        if (i >= s.length()) throw new Bad("json: unexpected end");
        char c = s.charAt(i);
        switch (c) {
            case '{': return object(depth);
            case '[': return array(depth);
            case '"': return string();
            case 't': lit("true"); return Boolean.TRUE;
            case 'f': lit("false"); return Boolean.FALSE;
            case 'n': lit("null"); return NULL;
            case 'N': throw new Bad("non-finite: NaN");
            case 'I': throw new Bad("non-finite: Infinity");
            default:
                if (c == '-' || (c >= '0' && c <= '9')) return number();
                throw new Bad("json: unexpected character");
        }
    }

    private void lit(String w) throws Bad {
        if (!s.startsWith(w, i)) throw new Bad("json: bad literal");
        i += w.length();
    }

    private Map<String, Object> object(int depth) throws Bad {
        if (depth > 64) throw new Bad("depth: nesting beyond 64");
        i++;
        LinkedHashMap<String, Object> m = new LinkedHashMap<>();
        ws();
        if (i < s.length() && s.charAt(i) == '}') { i++; return m; }
        while (true) {
            ws();
            if (i >= s.length() || s.charAt(i) != '"') throw new Bad("json: key expected");
            String k = string();
            ws();
            if (i >= s.length() || s.charAt(i) != ':') throw new Bad("json: colon expected");
            i++;
            ws();
            Object v = value(depth + 1);
            if (m.containsKey(k)) throw new Bad("duplicate-key: " + k);
            m.put(k, v);
            ws();
            if (i >= s.length()) throw new Bad("json: unexpected end");
            char c = s.charAt(i++);
            if (c == '}') return m;
            if (c != ',') throw new Bad("json: comma expected");
        }
    }

    private List<Object> array(int depth) throws Bad {
        if (depth > 64) throw new Bad("depth: nesting beyond 64");
        i++;
        ArrayList<Object> a = new ArrayList<>();
        ws();
        if (i < s.length() && s.charAt(i) == ']') { i++; return a; }
        while (true) {
            ws();
            a.add(value(depth + 1));
            ws();
            if (i >= s.length()) throw new Bad("json: unexpected end");
            char c = s.charAt(i++);
            if (c == ']') return a;
            if (c != ',') throw new Bad("json: comma expected");
        }
    }

    private String string() throws Bad {
        i++;
        StringBuilder b = new StringBuilder();
        while (true) {
            if (i >= s.length()) throw new Bad("json: unterminated string");
            char c = s.charAt(i++);
            if (c == '"') return b.toString();
            if (c < 0x20) throw new Bad("json: control character in string");
            if (c != '\\') { b.append(c); continue; }
            if (i >= s.length()) throw new Bad("json: bad escape");
            char e = s.charAt(i++);
            switch (e) {
                case '"': b.append('"'); break;
                case '\\': b.append('\\'); break;
                case '/': b.append('/'); break;
                case 'b': b.append('\b'); break;
                case 'f': b.append('\f'); break;
                case 'n': b.append('\n'); break;
                case 'r': b.append('\r'); break;
                case 't': b.append('\t'); break;
                case 'u': {
                    char u = hex4();
                    if (Character.isHighSurrogate(u)) {
                        if (i + 6 <= s.length() && s.charAt(i) == '\\' && s.charAt(i + 1) == 'u') {
                            i += 2;
                            char lo = hex4();
                            if (!Character.isLowSurrogate(lo)) throw new Bad("surrogate: lone high surrogate");
                            b.append(u).append(lo);
                        } else throw new Bad("surrogate: lone high surrogate");
                    } else if (Character.isLowSurrogate(u)) {
                        throw new Bad("surrogate: lone low surrogate");
                    } else b.append(u);
                    break;
                }
                default: throw new Bad("json: bad escape");
            }
        }
    }

    private char hex4() throws Bad {
        if (i + 4 > s.length()) throw new Bad("json: bad unicode escape");
        int v = 0;
        for (int k = 0; k < 4; k++) {
            int d = Character.digit(s.charAt(i + k), 16);
            if (d < 0) throw new Bad("json: bad unicode escape");
            v = v * 16 + d;
        }
        i += 4;
        return (char) v;
    }

    private Object number() throws Bad {
        int st = i;
        if (s.charAt(i) == '-') i++;
        if (i < s.length() && s.charAt(i) == 'I') throw new Bad("non-finite: -Infinity");
        if (i >= s.length()) throw new Bad("json: bad number");
        if (s.charAt(i) == '0') i++;
        else if (s.charAt(i) >= '1' && s.charAt(i) <= '9') { while (i < s.length() && Character.isDigit(s.charAt(i))) i++; }
        else throw new Bad("json: bad number");
        boolean frac = false;
        if (i < s.length() && s.charAt(i) == '.') {
            frac = true; i++;
            int d = i;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
            if (d == i) throw new Bad("json: bad number");
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            frac = true; i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
            int d = i;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
            if (d == i) throw new Bad("json: bad number");
        }
        String t = s.substring(st, i);
        if (t.length() > 40) throw new Bad("number: more than 40 characters");
        if (frac) {
            double d = Double.parseDouble(t);
            if (Double.isInfinite(d) || Double.isNaN(d)) throw new Bad("number: not a finite double");
            return d;
        }
        BigInteger b = new BigInteger(t);
        if (b.bitLength() < 63) return b.longValue();
        double d = b.doubleValue();
        if (Double.isInfinite(d)) throw new Bad("number: not a finite double");
        return b;
    }

    // ---------------- writer ----------------

    static String write(Object v) {
        StringBuilder b = new StringBuilder();
        write(b, v);
        return b.toString();
    }

    @SuppressWarnings("unchecked")
    static void write(StringBuilder b, Object v) {
        if (v == null || v == NULL) b.append("null");
        else if (v instanceof String) str(b, (String) v);
        else if (v instanceof Boolean || v instanceof Long || v instanceof Integer || v instanceof BigInteger) b.append(v.toString());
        else if (v instanceof Double) b.append(v.toString());
        else if (v instanceof Map) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
                if (!first) b.append(", ");
                first = false;
                str(b, e.getKey());
                b.append(": ");
                write(b, e.getValue());
            }
            b.append('}');
        } else if (v instanceof Collection) {
            b.append('[');
            boolean first = true;
            for (Object o : (Collection<Object>) v) {
                if (!first) b.append(", ");
                first = false;
                write(b, o);
            }
            b.append(']');
        } else if (v instanceof int[]) {
            b.append('[');
            int[] a = (int[]) v;
            for (int k = 0; k < a.length; k++) { if (k > 0) b.append(", "); b.append(a[k]); }
            b.append(']');
        } else if (v instanceof long[]) {
            b.append('[');
            long[] a = (long[]) v;
            for (int k = 0; k < a.length; k++) { if (k > 0) b.append(", "); b.append(a[k]); }
            b.append(']');
        } else str(b, v.toString());
    }

    static void str(StringBuilder b, String s) {
        b.append('"');
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
            }
        }
        b.append('"');
    }
}
