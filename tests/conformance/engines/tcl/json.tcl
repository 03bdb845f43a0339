# Small strict JSON reader and writer for the Frog engine (Tcl 8.6, core only).
#
# Parsed values are tagged lists:
#   {s TEXT} string, {i N} integer literal, {f X} other number, {b 0|1} boolean,
#   {null}, {a LIST} array of tagged values, {o DICT} object (key -> tagged value).
# Errors are thrown as: error "BOUND: message" with -errorcode {JSON BOUND}.

namespace eval json {
    variable maxdepth 64
}

proc json::fail {bound msg} {
    return -code error -errorcode [list JSON $bound] "$bound: $msg"
}

proc json::parse {text} {
    set pos 0
    set v [json::ParseValue $text pos 0]
    json::SkipWs $text pos
    if {$pos < [string length $text]} {
        json::fail json "trailing characters at $pos"
    }
    return $v
}

proc json::SkipWs {text posVar} {
    upvar 1 $posVar pos
    if {[regexp -start $pos -indices {\A[ \t\r\n]*} $text m]} {
        # \A with -start anchors at pos in Tcl 8.6
        set pos [expr {[lindex $m 1] + 1}]
    }
}

proc json::ParseValue {text posVar depth} {
    upvar 1 $posVar pos
    json::SkipWs $text pos
    if {$pos >= [string length $text]} { json::fail json "unexpected end" }
    set c [string index $text $pos]
    switch -- $c {
        "\{" {
            incr depth
            if {$depth > $json::maxdepth} { json::fail depth "nesting deeper than 64" }
            incr pos
            set d [dict create]
            json::SkipWs $text pos
            if {[string index $text $pos] eq "\}"} { incr pos; return [list o $d] }
            while 1 {
                json::SkipWs $text pos
                if {[string index $text $pos] ne "\""} { json::fail json "expected a key at $pos" }
                set k [json::ParseString $text pos]
                if {[dict exists $d $k]} { json::fail duplicate-key "key given twice: $k" }
                json::SkipWs $text pos
                if {[string index $text $pos] ne ":"} { json::fail json "expected : at $pos" }
                incr pos
                dict set d $k [json::ParseValue $text pos $depth]
                json::SkipWs $text pos
                set c [string index $text $pos]
                if {$c eq ","} { incr pos; continue }
                if {$c eq "\}"} { incr pos; return [list o $d] }
                json::fail json "expected , or \} at $pos"
            }
        }
        "\[" {
            incr depth
            if {$depth > $json::maxdepth} { json::fail depth "nesting deeper than 64" }
            incr pos
            set l {}
            json::SkipWs $text pos
            if {[string index $text $pos] eq "\]"} { incr pos; return [list a $l] }
            while 1 {
                lappend l [json::ParseValue $text pos $depth]
                json::SkipWs $text pos
                set c [string index $text $pos]
                if {$c eq ","} { incr pos; continue }
                if {$c eq "\]"} { incr pos; return [list a $l] }
                json::fail json "expected , or \] at $pos"
            }
        }
        "\"" {
            return [list s [json::ParseString $text pos]]
        }
        "t" {
            if {[string range $text $pos [expr {$pos+3}]] eq "true"} { incr pos 4; return {b 1} }
            json::fail json "bad literal at $pos"
        }
        "f" {
            if {[string range $text $pos [expr {$pos+4}]] eq "false"} { incr pos 5; return {b 0} }
            json::fail json "bad literal at $pos"
        }
        "n" {
            if {[string range $text $pos [expr {$pos+3}]] eq "null"} { incr pos 4; return {null} }
            json::fail json "bad literal at $pos"
        }
        default {
            if {[regexp -start $pos {\A-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?} $text m frac ex]} {
                if {[string length $m] > 40} { json::fail number "number longer than 40 characters" }
                incr pos [string length $m]
                if {$frac eq "" && $ex eq ""} {
                    return [list i $m]
                }
                if {[catch {expr {double($m)}} dv] || [string match -nocase *inf* $dv] || [string match -nocase *nan* $dv]} {
                    json::fail non-finite "number is not a finite double"
                }
                return [list f $m]
            }
            if {[regexp -start $pos {\A-?(NaN|Infinity)} $text]} {
                json::fail non-finite "NaN and Infinity are not JSON"
            }
            json::fail json "unexpected character at $pos"
        }
    }
}

proc json::ParseString {text posVar} {
    upvar 1 $posVar pos
    # at opening quote
    incr pos
    set out ""
    set n [string length $text]
    while 1 {
        # fast path: run of plain characters
        if {[regexp -start $pos -indices {\A[^"\\\x00-\x1f]+} $text m]} {
            append out [string range $text [lindex $m 0] [lindex $m 1]]
            set pos [expr {[lindex $m 1] + 1}]
        }
        if {$pos >= $n} { json::fail json "unterminated string" }
        set c [string index $text $pos]
        if {$c eq "\""} { incr pos; return $out }
        if {$c eq "\\"} {
            set e [string index $text [expr {$pos+1}]]
            switch -- $e {
                "\"" { append out "\""; incr pos 2 }
                "\\" { append out "\\"; incr pos 2 }
                "/" { append out "/"; incr pos 2 }
                "b" { append out "\b"; incr pos 2 }
                "f" { append out "\f"; incr pos 2 }
                "n" { append out "\n"; incr pos 2 }
                "r" { append out "\r"; incr pos 2 }
                "t" { append out "\t"; incr pos 2 }
                "u" {
                    set h [string range $text [expr {$pos+2}] [expr {$pos+5}]]
                    if {![regexp {^[0-9a-fA-F]{4}$} $h]} { json::fail json "bad \\u escape" }
                    scan $h %x cp
                    incr pos 6
                    if {$cp >= 0xD800 && $cp <= 0xDBFF} {
                        set h2 ""
                        if {[string range $text $pos [expr {$pos+1}]] eq "\\u"} {
                            set h2 [string range $text [expr {$pos+2}] [expr {$pos+5}]]
                        }
                        if {![regexp {^[0-9a-fA-F]{4}$} $h2]} { json::fail surrogate "lone surrogate" }
                        scan $h2 %x lo
                        if {$lo < 0xDC00 || $lo > 0xDFFF} { json::fail surrogate "lone surrogate" }
                        incr pos 6
                        # Tcl 8.6 strings are BMP-only internally; keep a placeholder
                        append out "\uFFFD"
                    } elseif {$cp >= 0xDC00 && $cp <= 0xDFFF} {
                        json::fail surrogate "lone surrogate"
                    } else {
                        append out [format %c $cp]
                    }
                }
                default { json::fail json "bad escape" }
            }
            continue
        }
        json::fail json "control character in string"
    }
}

# ---- writer helpers: build JSON text directly ----
proc json::str {s} {
    set m [list "\\" "\\\\" "\"" "\\\"" "\n" "\\n" "\r" "\\r" "\t" "\\t" "\b" "\\b" "\f" "\\f"]
    set s [string map $m $s]
    # other control characters
    if {[regexp {[\x00-\x1f]} $s]} {
        set o ""
        foreach ch [split $s ""] {
            scan $ch %c cp
            if {$cp < 0x20} { append o [format "\\u%04x" $cp] } else { append o $ch }
        }
        set s $o
    }
    return "\"$s\""
}
proc json::strlist {l} {
    set parts {}
    foreach x $l { lappend parts [json::str $x] }
    return "\[[join $parts ,]\]"
}
proc json::intlist {l} {
    return "\[[join $l ,]\]"
}
# obj: list of key / already-encoded-value pairs
proc json::obj {pairs} {
    set parts {}
    foreach {k v} $pairs { lappend parts "[json::str $k]:$v" }
    return "\{[join $parts ,]\}"
}
proc json::arr {encodedList} {
    return "\[[join $encodedList ,]\]"
}
