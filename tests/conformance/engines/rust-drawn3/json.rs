// A small JSON reader and writer, standard library only, with the bounds of the
// protocol: nesting depth, number length, finite numbers, no duplicate keys, no lone
// surrogates.

#[derive(Clone, Debug)]
pub enum Value {
    Null,
    Bool(bool),
    // raw text of the number, and whether it is written as an integer
    Num(String, bool),
    Str(String),
    Arr(Vec<Value>),
    Obj(Vec<(String, Value)>),
}

impl Value {
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Obj(items) => items.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    /// An integer written as one (no fraction, no exponent), within i64.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Num(raw, true) => raw.parse::<i64>().ok(),
            _ => None,
        }
    }
    pub fn is_int_literal(&self) -> bool {
        matches!(self, Value::Num(_, true))
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s.as_str()),
            _ => None,
        }
    }
    pub fn as_arr(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Arr(a) => Some(a),
            _ => None,
        }
    }
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

pub const MAX_DEPTH: usize = 64;
pub const MAX_NUMBER: usize = 40;

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

type PResult<T> = Result<T, &'static str>;

impl<'a> Parser<'a> {
    fn ws(&mut self) {
        while self.i < self.s.len() {
            match self.s[self.i] {
                b' ' | b'\t' | b'\r' | b'\n' => self.i += 1,
                _ => break,
            }
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn value(&mut self, depth: usize) -> PResult<Value> {
        self.ws();
        match self.peek() {
            None => Err("json"),
            Some(b'{') => {
                if depth + 1 > MAX_DEPTH {
                    return Err("depth");
                }
                self.i += 1;
                let mut items: Vec<(String, Value)> = Vec::new();
                self.ws();
                if self.peek() == Some(b'}') {
                    self.i += 1;
                    return Ok(Value::Obj(items));
                }
                loop {
                    self.ws();
                    if self.peek() != Some(b'"') {
                        return Err("json");
                    }
                    let k = self.string()?;
                    self.ws();
                    if self.peek() != Some(b':') {
                        return Err("json");
                    }
                    self.i += 1;
                    let v = self.value(depth + 1)?;
                    if items.iter().any(|(kk, _)| *kk == k) {
                        return Err("duplicate-key");
                    }
                    items.push((k, v));
                    self.ws();
                    match self.peek() {
                        Some(b',') => {
                            self.i += 1;
                        }
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Value::Obj(items));
                        }
                        _ => return Err("json"),
                    }
                }
            }
            Some(b'[') => {
                if depth + 1 > MAX_DEPTH {
                    return Err("depth");
                }
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.peek() == Some(b']') {
                    self.i += 1;
                    return Ok(Value::Arr(items));
                }
                loop {
                    let v = self.value(depth + 1)?;
                    items.push(v);
                    self.ws();
                    match self.peek() {
                        Some(b',') => {
                            self.i += 1;
                        }
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Value::Arr(items));
                        }
                        _ => return Err("json"),
                    }
                }
            }
            Some(b'"') => Ok(Value::Str(self.string()?)),
            Some(b't') => self.lit("true", Value::Bool(true)),
            Some(b'f') => self.lit("false", Value::Bool(false)),
            Some(b'n') => self.lit("null", Value::Null),
            Some(b'N') => {
                if self.s[self.i..].starts_with(b"NaN") {
                    Err("non-finite")
                } else {
                    Err("json")
                }
            }
            Some(b'I') => {
                if self.s[self.i..].starts_with(b"Infinity") {
                    Err("non-finite")
                } else {
                    Err("json")
                }
            }
            Some(c) if c == b'-' || c.is_ascii_digit() => self.number(),
            _ => Err("json"),
        }
    }
    fn lit(&mut self, word: &str, v: Value) -> PResult<Value> {
        if self.s[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            Ok(v)
        } else {
            Err("json")
        }
    }
    fn number(&mut self) -> PResult<Value> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
            if self.s[self.i..].starts_with(b"Infinity") {
                return Err("non-finite");
            }
        }
        let mut integer = true;
        match self.peek() {
            Some(b'0') => {
                self.i += 1;
            }
            Some(c) if c.is_ascii_digit() => {
                while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                    self.i += 1;
                }
            }
            _ => return Err("json"),
        }
        if self.peek() == Some(b'.') {
            integer = false;
            self.i += 1;
            if !matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                return Err("json");
            }
            while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                self.i += 1;
            }
        }
        if matches!(self.peek(), Some(b'e') | Some(b'E')) {
            integer = false;
            self.i += 1;
            if matches!(self.peek(), Some(b'+') | Some(b'-')) {
                self.i += 1;
            }
            if !matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                return Err("json");
            }
            while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                self.i += 1;
            }
        }
        let raw = std::str::from_utf8(&self.s[start..self.i]).unwrap().to_string();
        if raw.len() > MAX_NUMBER {
            return Err("number");
        }
        match raw.parse::<f64>() {
            Ok(f) if f.is_finite() => {}
            _ => return Err("non-finite"),
        }
        Ok(Value::Num(raw, integer))
    }
    fn hex4(&mut self) -> PResult<u32> {
        if self.i + 4 > self.s.len() {
            return Err("json");
        }
        let h = std::str::from_utf8(&self.s[self.i..self.i + 4]).map_err(|_| "json")?;
        let v = u32::from_str_radix(h, 16).map_err(|_| "json")?;
        if !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err("json");
        }
        self.i += 4;
        Ok(v)
    }
    fn string(&mut self) -> PResult<String> {
        // at the opening quote
        self.i += 1;
        let mut out = String::new();
        loop {
            let c = match self.peek() {
                None => return Err("json"),
                Some(c) => c,
            };
            match c {
                b'"' => {
                    self.i += 1;
                    return Ok(out);
                }
                b'\\' => {
                    self.i += 1;
                    let e = self.peek().ok_or("json")?;
                    self.i += 1;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let u = self.hex4()?;
                            if (0xD800..0xDC00).contains(&u) {
                                // needs a low surrogate next
                                if self.s[self.i..].starts_with(b"\\u") {
                                    self.i += 2;
                                    let lo = self.hex4()?;
                                    if (0xDC00..0xE000).contains(&lo) {
                                        let cp = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
                                        out.push(char::from_u32(cp).ok_or("surrogate")?);
                                    } else {
                                        return Err("surrogate");
                                    }
                                } else {
                                    return Err("surrogate");
                                }
                            } else if (0xDC00..0xE000).contains(&u) {
                                return Err("surrogate");
                            } else {
                                out.push(char::from_u32(u).ok_or("json")?);
                            }
                        }
                        _ => return Err("json"),
                    }
                }
                c if c < 0x20 => return Err("json"),
                _ => {
                    // copy one UTF-8 character (input already validated)
                    let start = self.i;
                    let len = if c < 0x80 {
                        1
                    } else if c >= 0xF0 {
                        4
                    } else if c >= 0xE0 {
                        3
                    } else {
                        2
                    };
                    self.i += len;
                    out.push_str(std::str::from_utf8(&self.s[start..self.i]).map_err(|_| "utf-8")?);
                }
            }
        }
    }
}

/// Parse one line. Err gives the name of the bound or "json".
pub fn parse(line: &[u8]) -> Result<Value, &'static str> {
    if std::str::from_utf8(line).is_err() {
        return Err("utf-8");
    }
    let mut p = Parser { s: line, i: 0 };
    let v = p.value(0)?;
    p.ws();
    if p.i != p.s.len() {
        return Err("json");
    }
    Ok(v)
}

pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for ch in s.chars() {
        match ch {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}
