#!/usr/bin/env tclsh
# Frog engine speaking the frogspec conformance protocol v1 (JSON lines on stdin/stdout).
# Tcl 8.6, core only.  House rules: --house NAME (repeatable); see HOUSE_RULES.md.

package require Tcl 8.6

# ---------------------------------------------------------------- house rules
set ::HOUSE_KNOWN {
    packets-4-4-3 eldest-speaks-last lay-away-ten-points-max bidder-leads-first
    king-above-ten frog-bidder-names-trump dead-widow schneider-doubles
    dealer-redeals-all-pass
}
array set ::H {}
foreach n $::HOUSE_KNOWN { set ::H($n) 0 }

proc usage_exit {msg} {
    puts stderr "frog.tcl: $msg"
    puts stderr "usage: tclsh frog.tcl \[--house NAME\]...   (NAME one of: [join $::HOUSE_KNOWN {, }])"
    exit 2
}

set argi 0
while {$argi < [llength $argv]} {
    set a [lindex $argv $argi]
    if {$a eq "--house"} {
        incr argi
        if {$argi >= [llength $argv]} { usage_exit "--house needs a name" }
        set n [lindex $argv $argi]
    } elseif {[string match --house=* $a]} {
        set n [string range $a 8 end]
    } else {
        usage_exit "unknown argument: $a"
    }
    if {![info exists ::H($n)]} { usage_exit "unknown house rule: $n" }
    set ::H($n) 1
    incr argi
}

# ---------------------------------------------------------------- cards
set ::SUITS {C D H S}
set ::RANKS {A 10 K Q J 9 8 7 6}
set ::RPTS {11 10 4 3 2 0 0 0 0}
for {set s 0} {$s < 4} {incr s} {
    for {set r 0} {$r < 9} {incr r} {
        set i [expr {$s * 9 + $r}]
        set name "[lindex $::RANKS $r][lindex $::SUITS $s]"
        set ::CNAME($i) $name
        set ::CIDX($name) $i
        set ::CSUIT($i) $s
        set ::CPTS($i) [lindex $::RPTS $r]
        # strength within a suit: higher wins
        set str [expr {8 - $r}]
        if {$::H(king-above-ten)} {
            # house rule king-above-ten: A K 10 Q J 9 8 7 6
            if {$r == 1} { set str 6 } elseif {$r == 2} { set str 7 }
        }
        set ::CSTR($i) $str
    }
}
array set ::SUITIDX {C 0 D 1 H 2 S 3}
set ::HEARTS 2
array set ::CLEVEL {frog 1 chico 2 grand 3}
set ::CNAMEOF {{} frog chico grand}

# ---------------------------------------------------------------- rulesets
# amounts: index by contract level (1 frog, 2 chico, 3 grand)
set ::RULESETS {foster-1909 hoyle-1907 modern official-1922-solo official-1922-straight official-1922-coeur-dalene gamerules}
array set ::RS {}
set ::RS(foster-1909) {min 3 max 5 pattern 3344 auction open contracts {1 2 3} chicoHearts 0 shown 1 fixed 0 amounts {0 1 2 4} bank 0 ends 0 first any options {}}
set ::RS(hoyle-1907) $::RS(foster-1909)
set ::RS(modern) {min 3 max 5 pattern 4334 auction oneround contracts {1 2 3} chicoHearts 0 shown 0 fixed 0 amounts {0 1 2 4} bank 0 ends 0 first any options {}}
set ::RS(official-1922-solo) {min 3 max 7 pattern single auction oneround contracts {1 2 3} chicoHearts 0 shown 0 fixed 0 amounts {0 1 2 3} bank 120 ends 1 first low options {sitting_out penalty_frog}}
set ::RS(official-1922-straight) {min 3 max 7 pattern single auction oneround contracts {2 3} chicoHearts 0 shown 0 fixed 0 amounts {0 0 1 2} bank 120 ends 1 first low options {sitting_out}}
set ::RS(official-1922-coeur-dalene) {min 3 max 7 pattern single auction oneround contracts {1 2 3} chicoHearts 0 shown 0 fixed 1 amounts {0 25 50 75} bank 120 ends 1 first low options {sitting_out penalty_frog}}
set ::RS(gamerules) {min 3 max 3 pattern 4334 auction onebid contracts {1 2 3} chicoHearts 1 shown 0 fixed 0 amounts {0 1 2 3} bank 150 ends 0 first any options {}}

set ::OPS {hello card_points trick_winner legal_plays deal settle game match first_dealer perft}
set ::RULESET_OPS {trick_winner legal_plays deal settle game match first_dealer perft}

proc cfg {rs key} { return [dict get $::RS($rs) $key] }

# ---------------------------------------------------------------- errors
proc invalid {msg} { return -code error -errorcode {FROG INVALID} $msg }
proc unsupported {msg} { return -code error -errorcode {FROG UNSUPPORTED} $msg }
proc illegal {rule msg} { return -code error -errorcode [list FROG ILLEGAL $rule] $msg }

# ---------------------------------------------------------------- JSON parsing
# Values: {o dict} {a list} {s string} {n text} {b 0|1} {z}
proc jfail {bound msg} { return -code error -errorcode [list JSON $bound] "$bound: $msg" }

proc jparse {text} {
    set ::jp_s $text
    set ::jp_i 0
    set ::jp_n [string length $text]
    jws
    if {$::jp_i >= $::jp_n} { jfail json "empty" }
    set v [jvalue 1]
    jws
    if {$::jp_i < $::jp_n} { jfail json "trailing characters" }
    return $v
}

proc jws {} {
    if {[regexp -start $::jp_i -indices {\A[ \t\r\n]+} $::jp_s m]} {
        set ::jp_i [expr {[lindex $m 1] + 1}]
    }
}

proc jvalue {depth} {
    set c [string index $::jp_s $::jp_i]
    switch -- $c {
        "\{" {
            if {$depth > 64} { jfail depth "nested too deep" }
            incr ::jp_i
            set d [dict create]
            jws
            if {[string index $::jp_s $::jp_i] eq "\}"} { incr ::jp_i; return [list o $d] }
            while 1 {
                jws
                if {[string index $::jp_s $::jp_i] ne "\""} { jfail json "expected key" }
                set k [jstring]
                jws
                if {[string index $::jp_s $::jp_i] ne ":"} { jfail json "expected :" }
                incr ::jp_i
                jws
                set v [jvalue [expr {$depth + 1}]]
                if {[dict exists $d $k]} { jfail duplicate-key "key given twice" }
                dict set d $k $v
                jws
                set c2 [string index $::jp_s $::jp_i]
                incr ::jp_i
                if {$c2 eq ","} continue
                if {$c2 eq "\}"} break
                jfail json "expected , or \}"
            }
            return [list o $d]
        }
        "\[" {
            if {$depth > 64} { jfail depth "nested too deep" }
            incr ::jp_i
            set l {}
            jws
            if {[string index $::jp_s $::jp_i] eq "\]"} { incr ::jp_i; return [list a $l] }
            while 1 {
                jws
                lappend l [jvalue [expr {$depth + 1}]]
                jws
                set c2 [string index $::jp_s $::jp_i]
                incr ::jp_i
                if {$c2 eq ","} continue
                if {$c2 eq "\]"} break
                jfail json "expected , or \]"
            }
            return [list a $l]
        }
        "\"" { return [list s [jstring]] }
        "t" {
            if {[string range $::jp_s $::jp_i [expr {$::jp_i + 3}]] eq "true"} { incr ::jp_i 4; return {b 1} }
            jfail json "bad literal"
        }
        "f" {
            if {[string range $::jp_s $::jp_i [expr {$::jp_i + 4}]] eq "false"} { incr ::jp_i 5; return {b 0} }
            jfail json "bad literal"
        }
        "n" {
            if {[string range $::jp_s $::jp_i [expr {$::jp_i + 3}]] eq "null"} { incr ::jp_i 4; return {z} }
            jfail json "bad literal"
        }
        default {
            if {[regexp -start $::jp_i -indices {\A-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?} $::jp_s m]} {
                set t [string range $::jp_s [lindex $m 0] [lindex $m 1]]
                set ::jp_i [expr {[lindex $m 1] + 1}]
                if {[string length $t] > 40} { jfail number "number too long" }
                if {[regexp {[.eE]} $t]} {
                    if {[catch {expr {abs(double($t))}} dv] || $dv > 1.7976931348623157e308} {
                        jfail non-finite "number not finite"
                    }
                }
                return [list n $t]
            }
            if {[regexp -start $::jp_i {\A-?(?:NaN|Infinity)} $::jp_s]} { jfail non-finite "not a finite number" }
            jfail json "unexpected character"
        }
    }
}

proc jstring {} {
    # at opening quote
    incr ::jp_i
    set out ""
    while 1 {
        if {[regexp -start $::jp_i -indices {\A[^"\\\x00-\x1f]+} $::jp_s m]} {
            append out [string range $::jp_s [lindex $m 0] [lindex $m 1]]
            set ::jp_i [expr {[lindex $m 1] + 1}]
        }
        if {$::jp_i >= $::jp_n} { jfail json "unterminated string" }
        set c [string index $::jp_s $::jp_i]
        if {$c eq "\""} { incr ::jp_i; return $out }
        if {$c ne "\\"} { jfail json "control character in string" }
        set e [string index $::jp_s [expr {$::jp_i + 1}]]
        incr ::jp_i 2
        switch -- $e {
            "\"" { append out "\"" }
            "\\" { append out "\\" }
            "/" { append out "/" }
            b { append out "\b" }
            f { append out "\f" }
            n { append out "\n" }
            r { append out "\r" }
            t { append out "\t" }
            u {
                set h [string range $::jp_s $::jp_i [expr {$::jp_i + 3}]]
                if {![regexp {^[0-9a-fA-F]{4}$} $h]} { jfail json "bad \\u escape" }
                incr ::jp_i 4
                scan $h %x cp
                if {$cp >= 0xD800 && $cp <= 0xDBFF} {
                    set h2 [string range $::jp_s [expr {$::jp_i + 2}] [expr {$::jp_i + 5}]]
                    if {[string range $::jp_s $::jp_i [expr {$::jp_i + 1}]] eq "\\u" && [regexp {^[0-9a-fA-F]{4}$} $h2]} {
                        scan $h2 %x cp2
                        if {$cp2 >= 0xDC00 && $cp2 <= 0xDFFF} {
                            incr ::jp_i 6
                            append out "\uFFFD"
                            continue
                        }
                    }
                    jfail surrogate "lone surrogate"
                } elseif {$cp >= 0xDC00 && $cp <= 0xDFFF} {
                    jfail surrogate "lone surrogate"
                }
                append out [format %c $cp]
            }
            default { jfail json "bad escape" }
        }
    }
}

# ---------------------------------------------------------------- JSON output
proc jstr {s} {
    set m [string map [list "\\" "\\\\" "\"" "\\\"" "\n" "\\n" "\r" "\\r" "\t" "\\t" "\b" "\\b" "\f" "\\f"] $s]
    if {[regexp {[\x00-\x1f\u007f-\uffff]} $m]} {
        set o ""
        foreach ch [split $m ""] {
            scan $ch %c cp
            if {$cp < 0x20 || $cp > 0x7e} { append o [format "\\u%04x" $cp] } else { append o $ch }
        }
        set m $o
    }
    return "\"$m\""
}
proc jlist {items} { return "\[[join $items ,]\]" }
proc jstrlist {items} {
    set o {}
    foreach i $items { lappend o [jstr $i] }
    return [jlist $o]
}
proc jbool {b} { return [expr {$b ? "true" : "false"}] }
proc jseat {s} { return [expr {$s < 0 ? "null" : $s}] }
proc jcards {cards} {
    set o {}
    foreach c $cards { lappend o "\"$::CNAME($c)\"" }
    return [jlist $o]
}

# ---------------------------------------------------------------- request field readers
proc jtype {v} { return [lindex $v 0] }
proc isInt {v} { return [expr {[lindex $v 0] eq "n" && [regexp {^-?(0|[1-9][0-9]*)$} [lindex $v 1]]}] }

proc field {req key} {
    if {![dict exists $req $key]} { invalid "missing field: $key" }
    return [dict get $req $key]
}
proc getInt {req key} {
    set v [field $req $key]
    if {![isInt $v]} { invalid "$key is not an integer" }
    return [lindex $v 1]
}
proc getSeat {req key np} {
    set s [getInt $req $key]
    if {$s < 0 || $s >= $np} { invalid "$key: seat $s is not at a table of $np" }
    return $s
}
proc getPlayers {req rs} {
    set n [getInt $req players]
    if {$n < [cfg $rs min] || $n > [cfg $rs max]} { invalid "$rs is not played by $n players" }
    return $n
}
proc cardOf {v} {
    if {[jtype $v] ne "s"} { invalid "a card is a string" }
    set s [lindex $v 1]
    if {![info exists ::CIDX($s)]} { invalid "not a card: $s" }
    return $::CIDX($s)
}
proc getCards {req key min max} {
    set v [field $req $key]
    if {[jtype $v] ne "a"} { invalid "$key is not a list" }
    set out {}
    foreach c [lindex $v 1] {
        set i [cardOf $c]
        if {$i in $out} { invalid "card twice in $key: $::CNAME($i)" }
        lappend out $i
    }
    if {[llength $out] < $min || [llength $out] > $max} { invalid "$key must hold $min to $max cards" }
    return $out
}
proc deckOf {v} {
    if {[jtype $v] ne "a"} { invalid "deck is not a list" }
    set out {}
    foreach c [lindex $v 1] {
        set i [cardOf $c]
        if {$i in $out} { invalid "card twice in deck: $::CNAME($i)" }
        lappend out $i
    }
    if {[llength $out] != 36} { invalid "a deck is 36 cards" }
    return $out
}
proc getTrump {req} {
    set v [field $req trump]
    if {[jtype $v] eq "z"} { return -1 }
    if {[jtype $v] ne "s" || ![info exists ::SUITIDX([lindex $v 1])]} { invalid "trump is a suit or null" }
    return $::SUITIDX([lindex $v 1])
}
proc getOptions {req rs} {
    set v [field $req options]
    if {[jtype $v] ne "o"} { invalid "options is an object" }
    set o [dict create sitting_out receive-only penalty_frog 0]
    set allowed [cfg $rs options]
    dict for {k val} [lindex $v 1] {
        if {$k ni $allowed} { invalid "$rs has no option $k" }
        if {$k eq "sitting_out"} {
            if {[jtype $val] ne "s" || [lindex $val 1] ni {receive-only pay-and-receive pay-and-receive-solo-only}} {
                invalid "sitting_out takes receive-only, pay-and-receive or pay-and-receive-solo-only"
            }
            dict set o sitting_out [lindex $val 1]
        } elseif {$k eq "penalty_frog"} {
            if {[jtype $val] ne "b"} { invalid "penalty_frog is true or false" }
            dict set o penalty_frog [lindex $val 1]
        }
    }
    return $o
}
proc actionsOf {v} {
    if {[jtype $v] ne "a"} { invalid "actions is a list" }
    set out {}
    foreach a [lindex $v 1] {
        if {[jtype $a] ne "s"} { invalid "an action is a string" }
        set s [lindex $a 1]
        if {![regexp {^(pass|frog|chico|grand|(discard|play) (A|10|K|Q|J|9|8|7|6)[CDHS]|trump [CDHS])$} $s]} {
            invalid "not an action: $s"
        }
        lappend out $s
    }
    return $out
}

# ---------------------------------------------------------------- table
proc activeSeats {np d} {
    if {$np == 3} { return [list [expr {($d + 1) % 3}] [expr {($d + 2) % 3}] $d] }
    if {$np == 4} { return [list [expr {($d + 1) % 4}] [expr {($d + 2) % 4}] [expr {($d + 3) % 4}]] }
    return [list [expr {($d + 1) % $np}] [expr {($d + 2) % $np}] [expr {($d - 1 + $np) % $np}]]
}

# deal: returns {hands-in-active-order widow}
proc dealCards {rs deck} {
    set pattern [cfg $rs pattern]
    if {$::H(packets-4-4-3)} { set pattern 4443 }
    set h {{} {} {}}
    set widow {}
    if {$pattern eq "single"} {
        set k 0
        for {set i 0} {$i < 36} {incr i} {
            set c [lindex $deck $i]
            if {$i == 0 || $i == 3 || $i == 7} {
                lappend widow $c
            } else {
                lset h $k [concat [lindex $h $k] $c]
                set k [expr {($k + 1) % 3}]
            }
        }
        return [list $h $widow]
    }
    switch -- $pattern {
        3344 { set packets {3 W 4 4} }
        4334 { set packets {4 W 3 4} }
        4443 { set packets {4 W 4 3} }
    }
    set pos 0
    foreach p $packets {
        if {$p eq "W"} {
            set widow [lrange $deck $pos [expr {$pos + 2}]]
            incr pos 3
        } else {
            for {set k 0} {$k < 3} {incr k} {
                lset h $k [concat [lindex $h $k] [lrange $deck $pos [expr {$pos + $p - 1}]]]
                incr pos $p
            }
        }
    }
    return [list $h $widow]
}

# ---------------------------------------------------------------- play helpers
proc legalCards {hand trick trump} {
    if {[llength $trick] == 0} { return $hand }
    set led $::CSUIT([lindex $trick 0])
    set f {}
    foreach c $hand { if {$::CSUIT($c) == $led} { lappend f $c } }
    if {[llength $f]} { return $f }
    if {$trump >= 0} {
        set t {}
        foreach c $hand { if {$::CSUIT($c) == $trump} { lappend t $c } }
        if {[llength $t]} { return $t }
    }
    return $hand
}

proc trickWinner {cards trump} {
    set led $::CSUIT([lindex $cards 0])
    set best 0
    set b [lindex $cards 0]
    for {set i 1} {$i < [llength $cards]} {incr i} {
        set c [lindex $cards $i]
        set cs $::CSUIT($c)
        set bs $::CSUIT($b)
        set win 0
        if {$cs == $trump} {
            if {$bs != $trump || $::CSTR($c) > $::CSTR($b)} { set win 1 }
        } elseif {$bs != $trump && $cs == $led && $::CSTR($c) > $::CSTR($b)} {
            set win 1
        }
        if {$win} { set best $i; set b $c }
    }
    return $best
}

proc sumPts {cards} {
    set t 0
    foreach c $cards { incr t $::CPTS($c) }
    return $t
}

# ---------------------------------------------------------------- settlement
proc settle {rs opts np dealer bidder contract pts} {
    set pay [lrepeat $np 0]
    set margin [expr {$pts - 60}]
    if {$margin == 0} { return $pay }
    set amounts [cfg $rs amounts]
    set lvl $contract
    if {$margin < 0 && $contract == 1 && [dict get $opts penalty_frog]} { set lvl 3 }
    if {[cfg $rs fixed]} {
        set amt [lindex $amounts $lvl]
    } else {
        set amt [expr {[lindex $amounts $lvl] * abs($margin)}]
    }
    if {$::H(schneider-doubles) && abs($margin) >= 30} { set amt [expr {$amt * 2}] }
    set active [activeSeats $np $dealer]
    if {$margin > 0} {
        set sys [dict get $opts sitting_out]
        set payers {}
        foreach s $active { if {$s != $bidder} { lappend payers $s } }
        if {$sys eq "pay-and-receive" || ($sys eq "pay-and-receive-solo-only" && $contract != 1)} {
            for {set s 0} {$s < $np} {incr s} { if {$s ni $active} { lappend payers $s } }
        }
        foreach s $payers {
            lset pay $s [expr {-$amt}]
            lset pay $bidder [expr {[lindex $pay $bidder] + $amt}]
        }
    } else {
        for {set s 0} {$s < $np} {incr s} {
            if {$s == $bidder} continue
            lset pay $s $amt
            lset pay $bidder [expr {[lindex $pay $bidder] - $amt}]
        }
    }
    return $pay
}

# ---------------------------------------------------------------- game state
proc newGame {rs opts np dealer deck} {
    set active [activeSeats $np $dealer]
    lassign [dealCards $rs $deck] h widow
    set hands [lrepeat $np {}]
    foreach s $active hh $h { lset hands $s $hh }
    set order $active
    if {$::H(eldest-speaks-last)} { set order [concat [lrange $active 1 end] [lindex $active 0]] }
    return [dict create rs $rs opts $opts np $np dealer $dealer active $active \
        hands $hands widow $widow phase auction toAct [lindex $order 0] order $order ai 0 \
        passed {} high 0 highBy -1 frogBy -1 answering 0 bidder -1 contract 0 trump -1 \
        discards {} trick {} tseats {} taken [lrepeat $np 0] ntricks 0 \
        payments {} bpts -1 dpts -1]
}

proc endAuction {st} {
    set high [dict get $st high]
    if {$high == 0} {
        dict set st phase over
        dict set st toAct -1
        dict set st payments [lrepeat [dict get $st np] 0]
        return $st
    }
    set b [dict get $st highBy]
    dict set st bidder $b
    dict set st contract $high
    dict set st toAct $b
    switch -- $high {
        1 {
            set hands [dict get $st hands]
            lset hands $b [concat [lindex $hands $b] [dict get $st widow]]
            dict set st hands $hands
            dict set st phase discard
            dict set st trump [expr {$::H(frog-bidder-names-trump) ? -1 : $::HEARTS}]
        }
        2 {
            dict set st phase trump
            dict set st trump -1
        }
        3 {
            dict set st trump $::HEARTS
            set st [startPlay $st]
        }
    }
    return $st
}

proc startPlay {st} {
    dict set st phase play
    if {$::H(bidder-leads-first)} {
        dict set st toAct [dict get $st bidder]
    } else {
        dict set st toAct [lindex [dict get $st active] 0]
    }
    dict set st trick {}
    dict set st tseats {}
    return $st
}

proc discardOk {hand discards c} {
    if {!$::H(lay-away-ten-points-max)} { return 1 }
    set rem [expr {2 - [llength $discards]}]
    set sum [expr {[sumPts $discards] + $::CPTS($c)}]
    if {$rem > 0} {
        set ps {}
        foreach x $hand { if {$x != $c} { lappend ps $::CPTS($x) } }
        set ps [lsort -integer $ps]
        foreach p [lrange $ps 0 [expr {$rem - 1}]] { incr sum $p }
    }
    return [expr {$sum <= 10}]
}

proc trumpChoices {st} {
    if {[dict get $st contract] == 1} { return {0 1 2 3} }
    if {[cfg [dict get $st rs] chicoHearts]} { return {0 1 2 3} }
    return {0 1 3}
}

proc legalActions {st} {
    set out {}
    switch -- [dict get $st phase] {
        auction {
            lappend out pass
            set high [dict get $st high]
            foreach c [cfg [dict get $st rs] contracts] {
                if {$c > $high} { lappend out [lindex $::CNAMEOF $c] }
            }
        }
        discard {
            set hand [lindex [dict get $st hands] [dict get $st bidder]]
            set ds [dict get $st discards]
            foreach c $hand {
                if {[discardOk $hand $ds $c]} { lappend out "discard $::CNAME($c)" }
            }
        }
        trump {
            foreach s [trumpChoices $st] { lappend out "trump [lindex $::SUITS $s]" }
        }
        play {
            set hand [lindex [dict get $st hands] [dict get $st toAct]]
            foreach c [legalCards $hand [dict get $st trick] [dict get $st trump]] {
                lappend out "play $::CNAME($c)"
            }
        }
    }
    return $out
}

proc applyAction {st act} {
    set phase [dict get $st phase]
    set kind [lindex $act 0]
    switch -- $phase {
        auction {
            if {$kind ni {pass frog chico grand}} { illegal deal.actions-by-phase "the auction takes a pass or a bid" }
            return [auctionAct $st $kind]
        }
        discard {
            if {$kind ne "discard"} { illegal deal.actions-by-phase "the Frog bidder must lay away a card" }
            return [discardAct $st $::CIDX([lindex $act 1])]
        }
        trump {
            if {$kind ne "trump"} { illegal deal.actions-by-phase "the bidder must name trumps" }
            return [trumpAct $st $::SUITIDX([lindex $act 1])]
        }
        play {
            if {$kind ne "play"} { illegal deal.actions-by-phase "a card must be played" }
            return [playAct $st $::CIDX([lindex $act 1])]
        }
        default { illegal deal.actions-by-phase "the deal is over" }
    }
}

proc auctionAct {st kind} {
    set rs [dict get $st rs]
    set p [dict get $st toAct]
    set high [dict get $st high]
    set c 0
    if {$kind ne "pass"} {
        set c $::CLEVEL($kind)
        if {$c ni [cfg $rs contracts]} { illegal auction.contracts-without-frog "$kind is not a contract of $rs" }
        if {$c <= $high} { illegal auction.contract-order "$kind does not outbid [lindex $::CNAMEOF $high]" }
    }
    set style [cfg $rs auction]
    if {$style eq "open"} {
        if {$c > 0} {
            dict set st high $c
            dict set st highBy $p
        } else {
            dict lappend st passed $p
        }
        return [openNext $st $p]
    }
    if {[dict get $st answering]} {
        dict set st answering 0
        if {$c > 0} {
            dict set st high $c
            dict set st highBy $p
        } else {
            dict lappend st passed $p
        }
        if {[dict get $st high] == 3} { return [endAuction $st] }
        return [roundAdvance $st]
    }
    if {$c > 0} {
        if {$style eq "oneround" && $c == 2 && $high == 1} {
            dict set st high 2
            dict set st highBy $p
            dict set st answering 1
            dict set st toAct [dict get $st frogBy]
            return $st
        }
        if {$c == 1} { dict set st frogBy $p }
        dict set st high $c
        dict set st highBy $p
    } else {
        dict lappend st passed $p
    }
    if {[dict get $st high] == 3} { return [endAuction $st] }
    return [roundAdvance $st]
}

proc roundAdvance {st} {
    set ai [expr {[dict get $st ai] + 1}]
    dict set st ai $ai
    set order [dict get $st order]
    if {$ai >= [llength $order]} { return [endAuction $st] }
    dict set st toAct [lindex $order $ai]
    return $st
}

proc openNext {st p} {
    set high [dict get $st high]
    if {$high == 3} { return [endAuction $st] }
    set order [dict get $st order]
    set passed [dict get $st passed]
    set highBy [dict get $st highBy]
    set live {}
    foreach s $order { if {$s ni $passed} { lappend live $s } }
    if {[llength $live] == 0} { return [endAuction $st] }
    if {[llength $live] == 1 && $high > 0 && [lindex $live 0] == $highBy} { return [endAuction $st] }
    set n [llength $order]
    set idx [lsearch -exact $order $p]
    for {set k 1} {$k <= $n} {incr k} {
        set q [lindex $order [expr {($idx + $k) % $n}]]
        if {$q ni $passed && $q != $highBy} {
            dict set st toAct $q
            return $st
        }
    }
    return [endAuction $st]
}

proc discardAct {st c} {
    set b [dict get $st bidder]
    set hands [dict get $st hands]
    set hand [lindex $hands $b]
    set pos [lsearch -exact -integer $hand $c]
    if {$pos < 0} { illegal widow.frog-take-and-discard "$::CNAME($c) is not in the bidder's hand" }
    set ds [dict get $st discards]
    if {![discardOk $hand $ds $c]} {
        illegal widow.frog-take-and-discard "house rule lay-away-ten-points-max: the three cards laid away may count at most 10"
    }
    lset hands $b [lreplace $hand $pos $pos]
    dict set st hands $hands
    lappend ds $c
    dict set st discards $ds
    if {[llength $ds] == 3} {
        if {$::H(frog-bidder-names-trump)} {
            dict set st phase trump
            dict set st toAct $b
            return $st
        }
        return [startPlay $st]
    }
    return $st
}

proc trumpAct {st s} {
    if {$s ni [trumpChoices $st]} { illegal trump.chico-not-hearts "hearts may not be named in Chico" }
    dict set st trump $s
    return [startPlay $st]
}

proc playAct {st c} {
    set p [dict get $st toAct]
    set hands [dict get $st hands]
    set hand [lindex $hands $p]
    set pos [lsearch -exact -integer $hand $c]
    if {$pos < 0} { illegal play.card-from-hand "seat $p does not hold $::CNAME($c)" }
    set trick [dict get $st trick]
    set trump [dict get $st trump]
    set legal [legalCards $hand $trick $trump]
    if {$c ni $legal} {
        set led $::CSUIT([lindex $trick 0])
        foreach x $hand {
            if {$::CSUIT($x) == $led} { illegal play.follow-suit "seat $p must follow suit" }
        }
        illegal play.must-trump "seat $p must trump"
    }
    lset hands $p [lreplace $hand $pos $pos]
    dict set st hands $hands
    lappend trick $c
    set tseats [dict get $st tseats]
    lappend tseats $p
    if {[llength $trick] < 3} {
        dict set st trick $trick
        dict set st tseats $tseats
        set active [dict get $st active]
        set i [lsearch -exact $active $p]
        dict set st toAct [lindex $active [expr {($i + 1) % 3}]]
        return $st
    }
    set w [lindex $tseats [trickWinner $trick $trump]]
    set taken [dict get $st taken]
    lset taken $w [expr {[lindex $taken $w] + [sumPts $trick]}]
    dict set st taken $taken
    dict set st trick {}
    dict set st tseats {}
    set nt [expr {[dict get $st ntricks] + 1}]
    dict set st ntricks $nt
    dict set st toAct $w
    if {$nt == 11} { return [finish $st] }
    return $st
}

proc finish {st} {
    set b [dict get $st bidder]
    set taken [dict get $st taken]
    set bp [lindex $taken $b]
    set dp 0
    foreach s [dict get $st active] { if {$s != $b} { incr dp [lindex $taken $s] } }
    if {!$::H(dead-widow)} {
        if {[dict get $st contract] == 1} {
            incr bp [sumPts [dict get $st discards]]
        } else {
            incr bp [sumPts [dict get $st widow]]
        }
    }
    dict set st bpts $bp
    dict set st dpts $dp
    dict set st phase over
    dict set st toAct -1
    dict set st payments [settle [dict get $st rs] [dict get $st opts] [dict get $st np] \
        [dict get $st dealer] $b [dict get $st contract] $bp]
    return $st
}

proc runActions {st actions} {
    set i 0
    foreach a $actions {
        if {[catch {applyAction $st $a} res opt]} {
            set ec [dict get $opt -errorcode]
            if {[lindex $ec 0] eq "FROG" && [lindex $ec 1] eq "ILLEGAL"} {
                return -code error -errorcode [list FROG ILLEGAL [lindex $ec 2] $i] $res
            }
            return -options $opt $res
        }
        set st $res
        incr i
    }
    return $st
}

proc observation {st} {
    set phase [dict get $st phase]
    set o {}
    lappend o "\"phase\":[jstr $phase]"
    lappend o "\"to_act\":[jseat [dict get $st toAct]]"
    lappend o "\"legal\":[jstrlist [legalActions $st]]"
    set b [dict get $st bidder]
    lappend o "\"bidder\":[jseat $b]"
    set c [dict get $st contract]
    lappend o "\"contract\":[expr {$c == 0 ? "null" : [jstr [lindex $::CNAMEOF $c]]}]"
    set t [dict get $st trump]
    lappend o "\"trump\":[expr {$t < 0 ? "null" : [jstr [lindex $::SUITS $t]]}]"
    if {$c == 1} {
        lappend o "\"widow_shown\":[jbool [cfg [dict get $st rs] shown]]"
    }
    if {$phase eq "over"} {
        if {$b >= 0} {
            lappend o "\"points\":\{\"bidder\":[dict get $st bpts],\"defenders\":[dict get $st dpts]\}"
        }
        lappend o "\"payments\":[jlist [dict get $st payments]]"
    }
    return "\{[join $o ,]\}"
}

# ---------------------------------------------------------------- perft
proc perftCount {st depth} {
    if {$depth == 0 || [dict get $st phase] eq "over"} { return 1 }
    set total 0
    set d2 [expr {$depth < 0 ? -1 : $depth - 1}]
    foreach a [legalActions $st] {
        set s2 [applyAction $st $a]
        if {$d2 != 0 && [dict get $s2 phase] ne "over"} {
            if {[incr ::visited] > 100000} { invalid "perft would visit more than 100000 positions" }
        }
        incr total [perftCount $s2 $d2]
    }
    return $total
}

# ---------------------------------------------------------------- ops
proc op_hello {req} {
    set v [field $req spec]
    if {[jtype $v] ne "s"} { invalid "spec is a string" }
    if {[lindex $v 1] ne "1"} { unsupported "protocol version [lindex $v 1] is not spoken" }
    set houses {}
    foreach n $::HOUSE_KNOWN { if {$::H($n)} { lappend houses $n } }
    return "\{\"name\":\"frog.tcl\",\"version\":\"1.0\",\"rulesets\":[jstrlist $::RULESETS],\"ops\":[jstrlist $::OPS],\"rule_ids\":\"frogspec\",\"house_rules\":[jstrlist $houses]\}"
}

proc op_card_points {req} {
    set c [cardOf [field $req card]]
    return $::CPTS($c)
}

proc op_trick_winner {req rs} {
    set trump [getTrump $req]
    set cards [getCards $req cards 1 3]
    return [trickWinner $cards $trump]
}

proc op_legal_plays {req rs} {
    set trump [getTrump $req]
    set hand [getCards $req hand 1 11]
    set trick [getCards $req trick 0 2]
    foreach c $trick { if {$c in $hand} { invalid "$::CNAME($c) is both in hand and in the trick" } }
    return [jcards [legalCards $hand $trick $trump]]
}

proc op_deal {req rs} {
    set opts [getOptions $req $rs]
    set np [getPlayers $req $rs]
    set dealer [getSeat $req dealer $np]
    set deck [deckOf [field $req deck]]
    set st [newGame $rs $opts $np $dealer $deck]
    set hs {}
    set active [dict get $st active]
    for {set s 0} {$s < $np} {incr s} {
        if {$s in $active} { lappend hs [jcards [lindex [dict get $st hands] $s]] } else { lappend hs null }
    }
    return "\{\"active\":[jlist $active],\"eldest\":[lindex $active 0],\"hands\":[jlist $hs],\"widow\":[jcards [dict get $st widow]]\}"
}

proc op_settle {req rs} {
    set opts [getOptions $req $rs]
    set np [getPlayers $req $rs]
    set dealer [getSeat $req dealer $np]
    set bidder [getSeat $req bidder $np]
    if {$bidder ni [activeSeats $np $dealer]} { invalid "seat $bidder sits out this deal" }
    set cv [field $req contract]
    if {[jtype $cv] ne "s" || ![info exists ::CLEVEL([lindex $cv 1])]} { invalid "not a contract" }
    set c $::CLEVEL([lindex $cv 1])
    set pts [getInt $req bidder_points]
    if {$pts < 0 || $pts > 120} { invalid "bidder_points is 0 to 120" }
    if {$c ni [cfg $rs contracts]} { illegal auction.contracts-without-frog "[lindex $cv 1] is not a contract of $rs" }
    return [jlist [settle $rs $opts $np $dealer $bidder $c $pts]]
}

proc gameSetup {req rs} {
    set opts [getOptions $req $rs]
    set np [getPlayers $req $rs]
    set dealer [getSeat $req dealer $np]
    set deck [deckOf [field $req deck]]
    set actions [actionsOf [field $req actions]]
    return [list $opts $np $dealer $deck $actions]
}

proc op_game {req rs} {
    lassign [gameSetup $req $rs] opts np dealer deck actions
    set st [newGame $rs $opts $np $dealer $deck]
    set st [runActions $st $actions]
    return [observation $st]
}

proc op_perft {req rs} {
    lassign [gameSetup $req $rs] opts np dealer deck actions
    set depth -1
    if {[dict exists $req depth]} {
        set dv [dict get $req depth]
        if {[jtype $dv] ne "z"} {
            if {![isInt $dv] || [lindex $dv 1] < 0} { invalid "depth is a non-negative integer or null" }
            set depth [lindex $dv 1]
        }
    }
    set st [newGame $rs $opts $np $dealer $deck]
    set st [runActions $st $actions]
    set ::visited 0
    if {$depth == 0 || [dict get $st phase] eq "over"} {
        return "\{\"total\":1,\"by_first\":\{\}\}"
    }
    set d2 [expr {$depth < 0 ? -1 : $depth - 1}]
    set total 0
    set bf {}
    foreach a [legalActions $st] {
        set s2 [applyAction $st $a]
        if {$d2 != 0 && [dict get $s2 phase] ne "over"} {
            if {[incr ::visited] > 100000} { invalid "perft would visit more than 100000 positions" }
        }
        set n [perftCount $s2 $d2]
        incr total $n
        lappend bf "[jstr $a]:$n"
    }
    return "\{\"total\":$total,\"by_first\":\{[join $bf ,]\}\}"
}

proc op_match {req rs} {
    set opts [getOptions $req $rs]
    set np [getPlayers $req $rs]
    set first [getSeat $req first_dealer $np]
    set dv [field $req deals]
    if {[jtype $dv] ne "a"} { invalid "deals is a list" }
    set deals {}
    foreach d [lindex $dv 1] {
        if {[jtype $d] ne "o"} { invalid "a deal is an object" }
        set dd [lindex $d 1]
        set deck [deckOf [field $dd deck]]
        set actions [actionsOf [field $dd actions]]
        lappend deals [list $deck $actions]
    }
    set bal [lrepeat $np [cfg $rs bank]]
    set dealer $first
    set dealers {}
    set over 0
    set loser -1
    set k 0
    foreach d $deals {
        lassign $d deck actions
        if {$over} {
            return -code error -errorcode [list FROG ILLEGAL match.first-unable-to-pay-loses 0 $k] "the game is over"
        }
        lappend dealers $dealer
        set st [newGame $rs $opts $np $dealer $deck]
        if {[catch {runActions $st $actions} res opt]} {
            set ec [dict get $opt -errorcode]
            if {[lindex $ec 0] eq "FROG" && [lindex $ec 1] eq "ILLEGAL"} {
                return -code error -errorcode [list FROG ILLEGAL [lindex $ec 2] [lindex $ec 3] $k] $res
            }
            return -options $opt $res
        }
        set st $res
        if {[dict get $st phase] ne "over"} { invalid "deal $k stops before its end" }
        set pay [dict get $st payments]
        set b [dict get $st bidder]
        if {[cfg $rs ends] && $b >= 0} {
            for {set j 0} {$j < $np} {incr j} {
                set s [expr {($b + $j) % $np}]
                set p [lindex $pay $s]
                if {$p < 0 && -$p > [lindex $bal $s]} {
                    set over 1
                    set loser $s
                    break
                }
            }
        }
        for {set s 0} {$s < $np} {incr s} {
            lset bal $s [expr {[lindex $bal $s] + [lindex $pay $s]}]
        }
        if {!($::H(dealer-redeals-all-pass) && $b < 0)} {
            set dealer [expr {($dealer + 1) % $np}]
        }
        incr k
    }
    return "\{\"balances\":[jlist $bal],\"dealers\":[jlist $dealers],\"over\":[jbool $over],\"loser\":[jseat $loser]\}"
}

proc op_first_dealer {req rs} {
    set np [getPlayers $req $rs]
    if {[cfg $rs first] eq "any"} {
        return [getSeat $req chosen $np]
    }
    set low [getSeat $req lowest $np]
    set v [field $req chooses_to_deal]
    if {[jtype $v] ne "b"} { invalid "chooses_to_deal is true or false" }
    if {[lindex $v 1]} { return $low }
    # he chooses to be eldest: the seat on his right deals
    return [expr {($low - 1 + $np) % $np}]
}

# ---------------------------------------------------------------- dispatch
proc respond {idtext body} {
    puts stdout "\{\"id\":$idtext,$body\}"
    flush stdout
}
proc errbody {kind rule msg {extra {}}} {
    set r [expr {$rule eq "" ? "null" : [jstr $rule]}]
    return "\"error\":\{\"kind\":\"$kind\",\"rule\":$r,\"message\":[jstr $msg]$extra\}"
}

proc handle {line} {
    if {[catch {jparse $line} v opt]} {
        respond null [errbody invalid "" $v]
        return
    }
    if {[jtype $v] ne "o"} { respond null [errbody invalid "" "a request is a JSON object"]; return }
    set req [lindex $v 1]
    if {![dict exists $req id] || ![isInt [dict get $req id]]} {
        respond null [errbody invalid "" "id is not an integer"]
        return
    }
    set id [lindex [dict get $req id] 1]
    if {[catch {dispatch $req} res opt]} {
        set ec [dict get $opt -errorcode]
        if {[lindex $ec 0] eq "FROG"} {
            switch -- [lindex $ec 1] {
                INVALID { respond $id [errbody invalid "" $res] }
                UNSUPPORTED { respond $id [errbody unsupported "" $res] }
                ILLEGAL {
                    set extra ""
                    if {[llength $ec] > 3} { append extra ",\"at\":[lindex $ec 3]" }
                    if {[llength $ec] > 4} { append extra ",\"deal\":[lindex $ec 4]" }
                    respond $id [errbody illegal [lindex $ec 2] $res $extra]
                }
            }
        } else {
            puts stderr "internal error: $res\n[dict get $opt -errorinfo]"
            respond $id [errbody invalid "" "internal error: $res"]
        }
        return
    }
    respond $id "\"result\":$res"
}

proc dispatch {req} {
    if {![dict exists $req op] || [jtype [dict get $req op]] ne "s"} { invalid "op is not a string" }
    set op [lindex [dict get $req op] 1]
    if {$op ni $::OPS} { unsupported "op $op is not offered" }
    if {$op in $::RULESET_OPS} {
        if {![dict exists $req ruleset] || [jtype [dict get $req ruleset]] ne "s"} { invalid "ruleset is missing or not a string" }
        set rs [lindex [dict get $req ruleset] 1]
        if {$rs ni $::RULESETS} { unsupported "ruleset $rs is not offered" }
        return [op_$op $req $rs]
    }
    return [op_$op $req]
}

# ---------------------------------------------------------------- main loop
proc validUtf8 {b} {
    if {[regexp {^[\x00-\x7f]*$} $b]} { return 1 }
    return [regexp {^(?:[\x00-\x7f]|[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2})*$} $b]
}

proc main {} {
    fconfigure stdin -translation binary -encoding binary
    fconfigure stdout -translation lf -encoding utf-8 -buffering full
    while {[gets stdin raw] >= 0} {
        if {[regexp {^[ \t\r\n]*$} $raw]} continue
        if {[string length $raw] > 16777216} {
            respond null [errbody invalid "" "length: line too long"]
            continue
        }
        if {![validUtf8 $raw]} {
            respond null [errbody invalid "" "utf-8: not UTF-8"]
            continue
        }
        handle [encoding convertfrom utf-8 $raw]
    }
}

main
