// A small strict JSON reader and writer (standard library only).

#[derive(Clone, Debug)]
pub enum Value {
    Null,
    Bool(bool),
    // raw text, Some(i) when written as an integer that fits i64, is_int when written as an integer
    Num { raw: String, int: Option<i64>, is_int: bool },
    Str(String),
    Arr(Vec<Value>),
    Obj(Vec<(String, Value)>),
}

impl Value {
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Obj(v) => v.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Num { int, is_int: true, .. } => *int,
            _ => None,
        }
    }
    pub fn is_int_written(&self) -> bool {
        matches!(self, Value::Num { is_int: true, .. })
    }
}

pub struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

pub const MAX_DEPTH: usize = 64;

// Err(bound name)
pub fn parse(s: &str) -> Result<Value, &'static str> {
    let mut p = Parser { s: s.as_bytes(), i: 0 };
    p.ws();
    let v = p.value(1)?;
    p.ws();
    if p.i != p.s.len() {
        return Err("json");
    }
    Ok(v)
}

impl<'a> Parser<'a> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn lit(&mut self, w: &str) -> bool {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            true
        } else {
            false
        }
    }
    fn value(&mut self, depth: usize) -> Result<Value, &'static str> {
        match self.peek() {
            None => Err("json"),
            Some(b'{') => {
                if depth > MAX_DEPTH {
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
                    self.ws();
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
                if depth > MAX_DEPTH {
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
                    self.ws();
                    items.push(self.value(depth + 1)?);
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
            Some(b't') => {
                if self.lit("true") {
                    Ok(Value::Bool(true))
                } else {
                    Err("json")
                }
            }
            Some(b'f') => {
                if self.lit("false") {
                    Ok(Value::Bool(false))
                } else {
                    Err("json")
                }
            }
            Some(b'n') => {
                if self.lit("null") {
                    Ok(Value::Null)
                } else {
                    Err("json")
                }
            }
            Some(b'N') => {
                if self.lit("NaN") {
                    Err("non-finite")
                } else {
                    Err("json")
                }
            }
            Some(b'I') => {
                if self.lit("Infinity") {
                    Err("non-finite")
                } else {
                    Err("json")
                }
            }
            Some(c) if c == b'-' || c.is_ascii_digit() => self.number(),
            _ => Err("json"),
        }
    }
    fn number(&mut self) -> Result<Value, &'static str> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
            if self.s[self.i..].starts_with(b"Infinity") {
                return Err("non-finite");
            }
        }
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
        let mut is_int = true;
        if self.peek() == Some(b'.') {
            is_int = false;
            self.i += 1;
            let d0 = self.i;
            while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                self.i += 1;
            }
            if self.i == d0 {
                return Err("json");
            }
        }
        if matches!(self.peek(), Some(b'e') | Some(b'E')) {
            is_int = false;
            self.i += 1;
            if matches!(self.peek(), Some(b'+') | Some(b'-')) {
                self.i += 1;
            }
            let d0 = self.i;
            while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                self.i += 1;
            }
            if self.i == d0 {
                return Err("json");
            }
        }
        let raw = std::str::from_utf8(&self.s[start..self.i]).unwrap().to_string();
        if raw.len() > 40 {
            return Err("number");
        }
        let f: f64 = raw.parse().map_err(|_| "json")?;
        if !f.is_finite() {
            return Err("non-finite");
        }
        let int = if is_int { raw.parse::<i64>().ok() } else { None };
        Ok(Value::Num { raw, int, is_int })
    }
    fn hex4(&mut self) -> Result<u32, &'static str> {
        if self.i + 4 > self.s.len() {
            return Err("json");
        }
        let t = std::str::from_utf8(&self.s[self.i..self.i + 4]).map_err(|_| "json")?;
        let v = u32::from_str_radix(t, 16).map_err(|_| "json")?;
        if !t.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err("json");
        }
        self.i += 4;
        Ok(v)
    }
    fn string(&mut self) -> Result<String, &'static str> {
        self.i += 1; // opening quote
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
                                // need a low surrogate
                                if self.s[self.i..].starts_with(b"\\u") {
                                    self.i += 2;
                                    let l = self.hex4()?;
                                    if (0xDC00..0xE000).contains(&l) {
                                        let cp = 0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00);
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
                    // copy one UTF-8 char
                    let rest = &self.s[self.i..];
                    let len = if c < 0x80 {
                        1
                    } else if c >= 0xF0 {
                        4
                    } else if c >= 0xE0 {
                        3
                    } else {
                        2
                    };
                    let ch = std::str::from_utf8(&rest[..len.min(rest.len())]).map_err(|_| "utf-8")?;
                    out.push_str(ch);
                    self.i += len;
                }
            }
        }
    }
}

pub fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

pub fn write(out: &mut String, v: &Value) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Num { raw, .. } => out.push_str(raw),
        Value::Str(s) => write_str(out, s),
        Value::Arr(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(out, x);
            }
            out.push(']');
        }
        Value::Obj(o) => {
            out.push('{');
            for (i, (k, x)) in o.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_str(out, k);
                out.push(':');
                write(out, x);
            }
            out.push('}');
        }
    }
}

pub fn int(i: i64) -> Value {
    Value::Num { raw: i.to_string(), int: Some(i), is_int: true }
}
pub fn s(x: &str) -> Value {
    Value::Str(x.to_string())
}
pub fn obj(v: Vec<(&str, Value)>) -> Value {
    Value::Obj(v.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}
