// Minimal strict JSON reader for the conformance protocol (one object per line).
#pragma once
#include <string>
#include <vector>
#include <utility>
#include <cstdint>
#include <cmath>
#include <cstdlib>
#include <cerrno>
#include <cstdio>
#include <cctype>

struct JVal {
    enum Type { Null, Bool, Num, Str, Arr, Obj } t = Null;
    bool b = false;
    double n = 0;
    bool isInt = false;      // written as an integer (no fraction, no exponent)
    std::string raw;         // raw number text
    std::string s;
    std::vector<JVal> a;
    std::vector<std::pair<std::string, JVal>> o;

    const JVal* get(const std::string& k) const {
        if (t != Obj) return nullptr;
        for (auto& p : o) if (p.first == k) return &p.second;
        return nullptr;
    }
    bool has(const std::string& k) const { return get(k) != nullptr; }
    // integer value in long long; ok=false if not an integer or overflows
    bool asInt(long long& out) const {
        if (t != Num || !isInt) return false;
        errno = 0;
        char* end = nullptr;
        long long v = strtoll(raw.c_str(), &end, 10);
        if (errno == ERANGE) return false;
        out = v;
        return true;
    }
};

struct JParseError { std::string bound; std::string msg; };

class JParser {
public:
    JParser(const std::string& s) : src(s), p(0) {}
    bool parse(JVal& out, JParseError& err) {
        try {
            skipWs();
            parseValue(out, 1);
            skipWs();
            if (p != src.size()) fail("json", "trailing characters");
            return true;
        } catch (JParseError& e) {
            err = e;
            return false;
        }
    }
private:
    const std::string& src;
    size_t p;
    [[noreturn]] void fail(const std::string& bound, const std::string& m) { throw JParseError{bound, m}; }
    void skipWs() {
        while (p < src.size() && (src[p] == ' ' || src[p] == '\t' || src[p] == '\n' || src[p] == '\r')) p++;
    }
    void parseValue(JVal& v, int depth) {
        if (p >= src.size()) fail("json", "unexpected end");
        char c = src[p];
        if (c == '{') {
            if (depth > 64) fail("depth", "nesting deeper than 64");
            v.t = JVal::Obj;
            p++;
            skipWs();
            if (p < src.size() && src[p] == '}') { p++; return; }
            while (true) {
                skipWs();
                if (p >= src.size() || src[p] != '"') fail("json", "expected key");
                std::string k;
                parseString(k);
                for (auto& q : v.o) if (q.first == k) fail("duplicate-key", "key given twice: " + k);
                skipWs();
                if (p >= src.size() || src[p] != ':') fail("json", "expected ':'");
                p++;
                skipWs();
                JVal child;
                parseValue(child, depth + 1);
                v.o.emplace_back(std::move(k), std::move(child));
                skipWs();
                if (p < src.size() && src[p] == ',') { p++; continue; }
                if (p < src.size() && src[p] == '}') { p++; return; }
                fail("json", "expected ',' or '}'");
            }
        } else if (c == '[') {
            if (depth > 64) fail("depth", "nesting deeper than 64");
            v.t = JVal::Arr;
            p++;
            skipWs();
            if (p < src.size() && src[p] == ']') { p++; return; }
            while (true) {
                skipWs();
                JVal child;
                parseValue(child, depth + 1);
                v.a.push_back(std::move(child));
                skipWs();
                if (p < src.size() && src[p] == ',') { p++; continue; }
                if (p < src.size() && src[p] == ']') { p++; return; }
                fail("json", "expected ',' or ']'");
            }
        } else if (c == '"') {
            v.t = JVal::Str;
            parseString(v.s);
        } else if (src.compare(p, 4, "true") == 0) { v.t = JVal::Bool; v.b = true; p += 4; }
        else if (src.compare(p, 5, "false") == 0) { v.t = JVal::Bool; v.b = false; p += 5; }
        else if (src.compare(p, 4, "null") == 0) { v.t = JVal::Null; p += 4; }
        else if (src.compare(p, 3, "NaN") == 0 || src.compare(p, 8, "Infinity") == 0 || src.compare(p, 9, "-Infinity") == 0) {
            fail("non-finite", "NaN and Infinity are not JSON");
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            parseNumber(v);
        } else fail("json", "unexpected character");
    }
    void parseNumber(JVal& v) {
        size_t st = p;
        bool isInt = true;
        if (src[p] == '-') p++;
        if (p >= src.size()) fail("json", "bad number");
        if (src[p] == '0') p++;
        else if (src[p] >= '1' && src[p] <= '9') { while (p < src.size() && isdigit((unsigned char)src[p])) p++; }
        else fail("json", "bad number");
        if (p < src.size() && src[p] == '.') {
            isInt = false; p++;
            if (p >= src.size() || !isdigit((unsigned char)src[p])) fail("json", "bad number");
            while (p < src.size() && isdigit((unsigned char)src[p])) p++;
        }
        if (p < src.size() && (src[p] == 'e' || src[p] == 'E')) {
            isInt = false; p++;
            if (p < src.size() && (src[p] == '+' || src[p] == '-')) p++;
            if (p >= src.size() || !isdigit((unsigned char)src[p])) fail("json", "bad number");
            while (p < src.size() && isdigit((unsigned char)src[p])) p++;
        }
        v.t = JVal::Num;
        v.raw = src.substr(st, p - st);
        if (v.raw.size() > 40) fail("number", "number longer than 40 characters");
        v.n = strtod(v.raw.c_str(), nullptr);
        if (!std::isfinite(v.n)) fail("non-finite", "number is not finite");
        v.isInt = isInt;
    }
    static int hexv(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }
    unsigned read4() {
        if (p + 4 > src.size()) fail("json", "bad escape");
        unsigned u = 0;
        for (int i = 0; i < 4; i++) {
            int h = hexv(src[p + i]);
            if (h < 0) fail("json", "bad escape");
            u = u * 16 + h;
        }
        p += 4;
        return u;
    }
    static void putUtf8(std::string& out, unsigned cp) {
        if (cp < 0x80) out += (char)cp;
        else if (cp < 0x800) { out += (char)(0xC0 | (cp >> 6)); out += (char)(0x80 | (cp & 0x3F)); }
        else if (cp < 0x10000) { out += (char)(0xE0 | (cp >> 12)); out += (char)(0x80 | ((cp >> 6) & 0x3F)); out += (char)(0x80 | (cp & 0x3F)); }
        else { out += (char)(0xF0 | (cp >> 18)); out += (char)(0x80 | ((cp >> 12) & 0x3F)); out += (char)(0x80 | ((cp >> 6) & 0x3F)); out += (char)(0x80 | (cp & 0x3F)); }
    }
    void parseString(std::string& out) {
        p++;  // opening quote
        while (true) {
            if (p >= src.size()) fail("json", "unterminated string");
            unsigned char c = src[p];
            if (c == '"') { p++; return; }
            if (c < 0x20) fail("json", "control character in string");
            if (c == '\\') {
                p++;
                if (p >= src.size()) fail("json", "bad escape");
                char e = src[p++];
                switch (e) {
                    case '"': out += '"'; break;
                    case '\\': out += '\\'; break;
                    case '/': out += '/'; break;
                    case 'b': out += '\b'; break;
                    case 'f': out += '\f'; break;
                    case 'n': out += '\n'; break;
                    case 'r': out += '\r'; break;
                    case 't': out += '\t'; break;
                    case 'u': {
                        unsigned u = read4();
                        if (u >= 0xD800 && u <= 0xDBFF) {
                            if (p + 6 <= src.size() && src[p] == '\\' && src[p + 1] == 'u') {
                                p += 2;
                                unsigned l = read4();
                                if (l >= 0xDC00 && l <= 0xDFFF) {
                                    putUtf8(out, 0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00));
                                } else fail("surrogate", "lone surrogate escape");
                            } else fail("surrogate", "lone surrogate escape");
                        } else if (u >= 0xDC00 && u <= 0xDFFF) {
                            fail("surrogate", "lone surrogate escape");
                        } else putUtf8(out, u);
                        break;
                    }
                    default: fail("json", "bad escape");
                }
                continue;
            }
            out += (char)c;
            p++;
        }
    }
};

// true if s is valid UTF-8 (no overlongs, no surrogates, <= U+10FFFF)
inline bool validUtf8(const std::string& s) {
    size_t i = 0, n = s.size();
    while (i < n) {
        unsigned char c = s[i];
        if (c < 0x80) { i++; continue; }
        int len; unsigned cp;
        if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; }
        else return false;
        if (i + len > n) return false;
        for (int k = 1; k < len; k++) {
            unsigned char d = s[i + k];
            if ((d & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000)) return false;
        if (cp >= 0xD800 && cp <= 0xDFFF) return false;
        if (cp > 0x10FFFF) return false;
        i += len;
    }
    return true;
}

inline std::string jstr(const std::string& s) {
    std::string o = "\"";
    for (unsigned char c : s) {
        if (c == '"') o += "\\\"";
        else if (c == '\\') o += "\\\\";
        else if (c == '\n') o += "\\n";
        else if (c == '\r') o += "\\r";
        else if (c == '\t') o += "\\t";
        else if (c < 0x20) { char b[8]; snprintf(b, sizeof b, "\\u%04x", c); o += b; }
        else o += (char)c;
    }
    o += "\"";
    return o;
}
