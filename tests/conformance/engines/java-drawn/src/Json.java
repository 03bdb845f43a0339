import java.math.BigInteger;
import java.util.*;

/** Minimal strict JSON parser and printer. */
final class Json {
    static final Object NULL = new Object() { public String toString() { return "null"; } };

    static final class JsonErr extends RuntimeException {
        JsonErr(String m) { super(m); }
    }

    private final String s;
    private int i;
    private Json(String s) { this.s = s; }

    static Object parse(String s) {
        Json p = new Json(s);
        p.ws();
        Object v = p.value(0);
        p.ws();
        if (p.i != s.length()) throw new JsonErr("json: trailing data");
        return v;
    }

    private void ws() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') i++; else break;
        }
    }

    private Object value(int depth) {
        if (i >= s.length()) throw new JsonErr("json: unexpected end");
        char c = s.charAt(i);
        if (c == '{') {
            if (depth + 1 > 64) throw new JsonErr("depth");
            i++;
            LinkedHashMap<String, Object> m = new LinkedHashMap<>();
            ws();
            if (i < s.length() && s.charAt(i) == '}') { i++; return m; }
            while (true) {
                ws();
                if (i >= s.length() || s.charAt(i) != '"') throw new JsonErr("json: key expected");
                String k = string();
                ws();
                if (i >= s.length() || s.charAt(i) != ':') throw new JsonErr("json: colon expected");
                i++;
                ws();
                Object v = value(depth + 1);
                if (m.containsKey(k)) throw new JsonErr("duplicate-key");
                m.put(k, v);
                ws();
                if (i >= s.length()) throw new JsonErr("json: unexpected end");
                char d = s.charAt(i++);
                if (d == ',') continue;
                if (d == '}') return m;
                throw new JsonErr("json: bad object");
            }
        }
        if (c == '[') {
            if (depth + 1 > 64) throw new JsonErr("depth");
            i++;
            ArrayList<Object> a = new ArrayList<>();
            ws();
            if (i < s.length() && s.charAt(i) == ']') { i++; return a; }
            while (true) {
                ws();
                a.add(value(depth + 1));
                ws();
                if (i >= s.length()) throw new JsonErr("json: unexpected end");
                char d = s.charAt(i++);
                if (d == ',') continue;
                if (d == ']') return a;
                throw new JsonErr("json: bad array");
            }
        }
        if (c == '"') return string();
        if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
        if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
        if (s.startsWith("null", i)) { i += 4; return NULL; }
        if (c == '-' || (c >= '0' && c <= '9')) return number();
        if (s.startsWith("NaN", i) || s.startsWith("Infinity", i)) throw new JsonErr("non-finite");
        throw new JsonErr("json: unexpected character");
    }

    private Object number() {
        int st = i;
        if (s.charAt(i) == '-') i++;
        if (i < s.length() && s.charAt(i) == 'I') throw new JsonErr("non-finite");
        if (i >= s.length()) throw new JsonErr("json: bad number");
        if (s.charAt(i) == '0') i++;
        else if (s.charAt(i) >= '1' && s.charAt(i) <= '9') { while (i < s.length() && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) i++; }
        else throw new JsonErr("json: bad number");
        boolean isInt = true;
        if (i < s.length() && s.charAt(i) == '.') {
            isInt = false; i++;
            int d0 = i;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
            if (i == d0) throw new JsonErr("json: bad number");
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            isInt = false; i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
            int d0 = i;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
            if (i == d0) throw new JsonErr("json: bad number");
        }
        String t = s.substring(st, i);
        if (t.length() > 40) throw new JsonErr("number");
        if (isInt) {
            BigInteger b = new BigInteger(t);
            if (b.bitLength() < 63) return b.longValue();
            return b;
        }
        double d = Double.parseDouble(t);
        if (Double.isInfinite(d) || Double.isNaN(d)) throw new JsonErr("non-finite");
        return d;
    }

    private String string() {
        i++; // opening quote
        StringBuilder b = new StringBuilder();
        while (true) {
            if (i >= s.length()) throw new JsonErr("json: unterminated string");
            char c = s.charAt(i++);
            if (c == '"') break;
            if (c < 0x20) throw new JsonErr("json: control character");
            if (c == '\\') {
                if (i >= s.length()) throw new JsonErr("json: bad escape");
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
                            if (i + 1 < s.length() && s.charAt(i) == '\\' && s.charAt(i + 1) == 'u') {
                                i += 2;
                                char l = hex4();
                                if (!Character.isLowSurrogate(l)) throw new JsonErr("surrogate");
                                b.append(u).append(l);
                            } else throw new JsonErr("surrogate");
                        } else if (Character.isLowSurrogate(u)) throw new JsonErr("surrogate");
                        else b.append(u);
                        break;
                    }
                    default: throw new JsonErr("json: bad escape");
                }
            } else b.append(c);
        }
        return b.toString();
    }

    private char hex4() {
        if (i + 4 > s.length()) throw new JsonErr("json: bad escape");
        int v = 0;
        for (int k = 0; k < 4; k++) {
            int d = Character.digit(s.charAt(i++), 16);
            if (d < 0) throw new JsonErr("json: bad escape");
            v = v * 16 + d;
        }
        return (char) v;
    }

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
                if (!first) b.append(',');
                first = false;
                str(b, e.getKey());
                b.append(':');
                write(b, e.getValue());
            }
            b.append('}');
        } else if (v instanceof List) {
            b.append('[');
            boolean first = true;
            for (Object o : (List<Object>) v) {
                if (!first) b.append(',');
                first = false;
                write(b, o);
            }
            b.append(']');
        } else if (v instanceof long[]) {
            b.append('[');
            long[] a = (long[]) v;
            for (int k = 0; k < a.length; k++) { if (k > 0) b.append(','); b.append(a[k]); }
            b.append(']');
        } else throw new IllegalStateException("cannot write " + v.getClass());
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
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
            }
        }
        b.append('"');
    }
}
