#!/usr/bin/env tclsh
# Frog engine speaking the frogspec protocol v1 (JSON lines on stdin/stdout).
# Standard Tcl 8.6 only.  House rules: --house NAME (repeatable).

set HOUSE_KNOWN {deal-by-fours no-frog-for-eldest widow-always-shown no-must-trump
    seven-of-trumps-high chico-minor-suits-only kings-count-five double-on-schneider
    dealer-keeps-deal-on-all-pass}
array set H {}
foreach n $HOUSE_KNOWN { set H($n) 0 }
set argv_rest $argv
while {[llength $argv_rest]} {
    set a [lindex $argv_rest 0]
    set argv_rest [lrange $argv_rest 1 end]
    if {$a eq "--house"} {
        if {![llength $argv_rest]} { puts stderr "frog: --house needs a NAME"; exit 2 }
        set n [lindex $argv_rest 0]; set argv_rest [lrange $argv_rest 1 end]
    } elseif {[string match --house=* $a]} {
        set n [string range $a 8 end]
    } elseif {$a eq "--protocol"} { continue
    } else { puts stderr "frog: unknown argument '$a'"; exit 2 }
    if {[lsearch -exact $HOUSE_KNOWN $n] < 0} {
        puts stderr "frog: unknown house rule '$n' (known: $HOUSE_KNOWN)"; exit 2
    }
    set H($n) 1
}

# ---------------------------------------------------------------- JSON reader
# Tagged values: {o DICT} {a LIST} {s STR} {i INT} {f NUM} {b 0|1} {n {}}
proc jfail {why} { return -code error -errorcode [list JSON $why] $why }
proc jws {} {
    upvar #0 JS s JP p
    while {$p < [string length $s] && [string first [string index $s $p] " \t\r\n"] >= 0} { incr p }
}
proc jvalue {depth} {
    upvar #0 JS s JP p
    if {$depth > 64} { jfail depth }
    jws
    set c [string index $s $p]
    switch -- $c {
        "\{" {
            incr p; set d [dict create]; jws
            if {[string index $s $p] eq "\}"} { incr p; return [list o $d] }
            while 1 {
                jws
                if {[string index $s $p] ne "\""} { jfail json }
                set k [jstring]
                jws
                if {[string index $s $p] ne ":"} { jfail json }
                incr p
                set v [jvalue [expr {$depth+1}]]
                if {[dict exists $d $k]} { jfail duplicate-key }
                dict set d $k $v
                jws
                set c [string index $s $p]
                if {$c eq ","} { incr p; continue }
                if {$c eq "\}"} { incr p; return [list o $d] }
                jfail json
            }
        }
        "\[" {
            incr p; set l {}; jws
            if {[string index $s $p] eq "\]"} { incr p; return [list a $l] }
            while 1 {
                lappend l [jvalue [expr {$depth+1}]]
                jws
                set c [string index $s $p]
                if {$c eq ","} { incr p; continue }
                if {$c eq "\]"} { incr p; return [list a $l] }
                jfail json
            }
        }
        "\"" { return [list s [jstring]] }
        "t" { if {[string range $s $p [expr {$p+3}]] eq "true"} { incr p 4; return {b 1} }; jfail json }
        "f" { if {[string range $s $p [expr {$p+4}]] eq "false"} { incr p 5; return {b 0} }; jfail json }
        "n" { if {[string range $s $p [expr {$p+3}]] eq "null"} { incr p 4; return {n {}} }; jfail json }
        default {
            if {[regexp -start $p {\A-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?} $s m frac ex]} {
                incr p [string length $m]
                if {[string length $m] > 40} { jfail number }
                if {$frac eq "" && $ex eq ""} { return [list i [expr {$m}]] }
                if {[catch {set v [expr {double($m)}]}] || ![string is double -strict $v] || [string match *Inf* $v] || [string match *NaN* $v]} { jfail non-finite }
                return [list f $v]
            }
            jfail json
        }
    }
}
proc jstring {} {
    upvar #0 JS s JP p
    incr p
    set out ""
    while 1 {
        set q [string first "\"" $s $p]
        set b [string first "\\" $s $p]
        if {$q < 0} { jfail json }
        if {$b < 0 || $q < $b} {
            set chunk [string range $s $p [expr {$q-1}]]
            if {[regexp {[\x00-\x1f]} $chunk]} { jfail json }
            append out $chunk
            set p [expr {$q+1}]
            return $out
        }
        set chunk [string range $s $p [expr {$b-1}]]
        if {[regexp {[\x00-\x1f]} $chunk]} { jfail json }
        append out $chunk
        set e [string index $s [expr {$b+1}]]
        set p [expr {$b+2}]
        switch -- $e {
            "\"" { append out "\"" } "\\" { append out "\\" } "/" { append out "/" }
            b { append out "\b" } f { append out "\f" } n { append out "\n" } r { append out "\r" } t { append out "\t" }
            u {
                set h [string range $s $p [expr {$p+3}]]
                if {![regexp {^[0-9a-fA-F]{4}$} $h]} { jfail json }
                incr p 4
                set cp [expr {"0x$h"}]
                if {$cp >= 0xD800 && $cp <= 0xDBFF} {
                    if {[string range $s $p [expr {$p+1}]] eq "\\u" && [regexp {^[dD][c-fC-F][0-9a-fA-F]{2}$} [string range $s [expr {$p+2}] [expr {$p+5}]]]} {
                        set lo [expr {"0x[string range $s [expr {$p+2}] [expr {$p+5}]]"}]
                        incr p 6
                        set cp [expr {0x10000 + (($cp - 0xD800) << 10) + ($lo - 0xDC00)}]
                    } else { jfail surrogate }
                } elseif {$cp >= 0xDC00 && $cp <= 0xDFFF} { jfail surrogate }
                append out [format %c $cp]
            }
            default { jfail json }
        }
    }
}
proc jparse {line} {
    global JS JP
    set JS $line; set JP 0
    set v [jvalue 1]
    jws
    if {$JP != [string length $JS]} { jfail json }
    return $v
}

# ---------------------------------------------------------------- JSON writer
proc jq {s} {
    return "\"[string map {\\ \\\\ \" \\\" \n \\n \r \\r \t \\t} $s]\""
}
proc jstrs {l} { set o {}; foreach x $l { lappend o [jq $x] }; return "\[[join $o ,]\]" }
proc jints {l} { return "\[[join $l ,]\]" }
proc jintornull {x} { if {$x eq ""} { return null }; return $x }
proc jstrornull {x} { if {$x eq ""} { return null }; return [jq $x] }

# ---------------------------------------------------------------- errors
proc bad {kind {rule ""} {msg ""} {extra {}}} {
    return -code error -errorcode [list FROG $kind $rule $extra] $msg
}
proc invalid {msg} { bad invalid "" $msg }

# ---------------------------------------------------------------- cards
set RANKS {A 10 K Q J 9 8 7 6}
set SUITS {C D H S}
set CANON {}
foreach s $SUITS { foreach r $RANKS { lappend CANON $r$s } }
foreach c $CANON { set ISCARD($c) 1 }
proc cpoints {c} {
    global H
    switch -- [string range $c 0 end-1] {
        A { return 11 } 10 { return 10 } K { if {$H(kings-count-five)} { return 5 }; return 4 }
        Q { return 3 } J { return 2 } default { return 0 }
    }
}
proc csuit {c} { string index $c end }
proc crank {c trump} {
    # lower is higher
    global H
    set r [string range $c 0 end-1]
    if {$H(seven-of-trumps-high) && $r eq "7" && $trump ne "" && [csuit $c] eq $trump} { return -1 }
    return [lsearch -exact {A 10 K Q J 9 8 7 6} $r]
}
proc totalpoints {} { global H; if {$H(kings-count-five)} { return 124 }; return 120 }

# ---------------------------------------------------------------- rulesets
set RS_LIST {foster-1909 hoyle-1907 modern official-1922-solo official-1922-straight official-1922-coeur-dalene gamerules}
proc rs {r key} {
    switch -- $key {
        players {
            switch -- $r { gamerules { return {3} } foster-1909 - hoyle-1907 - modern { return {3 4 5} } default { return {3 4 5 6 7} } }
        }
        pattern {
            switch -- $r { foster-1909 - hoyle-1907 { return 3344 } modern - gamerules { return 4334 } default { return slough } }
        }
        auction {
            switch -- $r { foster-1909 - hoyle-1907 { return overbid } gamerules { return onebid } default { return oneround } }
        }
        contracts { if {$r eq "official-1922-straight"} { return {chico grand} }; return {frog chico grand} }
        shown { return [expr {$r eq "foster-1909" || $r eq "hoyle-1907"}] }
        options {
            switch -- $r { official-1922-solo - official-1922-coeur-dalene { return {sitting_out penalty_frog} } official-1922-straight { return {sitting_out} } default { return {} } }
        }
        bank { switch -- $r { gamerules { return 150 } official-1922-solo - official-1922-straight - official-1922-coeur-dalene { return 120 } default { return 0 } } }
        ends { return [string match official-1922-* $r] }
        lowcard { return [string match official-1922-* $r] }
    }
}
set CORDER {frog 0 chico 1 grand 2}

# ---------------------------------------------------------------- field readers
proc getf {req k} {
    if {![dict exists $req $k]} { invalid "missing field $k" }
    return [dict get $req $k]
}
proc getint {req k} {
    set v [getf $req $k]
    if {[lindex $v 0] ne "i"} { invalid "$k must be an integer" }
    return [lindex $v 1]
}
proc getstr {req k} {
    set v [getf $req $k]
    if {[lindex $v 0] ne "s"} { invalid "$k must be a string" }
    return [lindex $v 1]
}
proc getcard {v} {
    global ISCARD
    if {[lindex $v 0] ne "s" || ![info exists ISCARD([lindex $v 1])]} { invalid "not a card" }
    return [lindex $v 1]
}
proc getcards {req k lo hi} {
    set v [getf $req $k]
    if {[lindex $v 0] ne "a"} { invalid "$k must be a list" }
    set out {}
    foreach x [lindex $v 1] {
        set c [getcard $x]
        if {[lsearch -exact $out $c] >= 0} { invalid "card $c twice" }
        lappend out $c
    }
    if {[llength $out] < $lo || [llength $out] > $hi} { invalid "$k: wrong number of cards" }
    return $out
}
proc gettrump {req} {
    set v [getf $req trump]
    if {[lindex $v 0] eq "n"} { return "" }
    if {[lindex $v 0] ne "s" || [lsearch -exact {C D H S} [lindex $v 1]] < 0} { invalid "bad trump" }
    return [lindex $v 1]
}
proc getdeck {v} {
    if {[lindex $v 0] ne "a"} { invalid "deck must be a list" }
    set d [getcards [dict create deck $v] deck 36 36]
    return $d
}
proc getplayers {req r} {
    set n [getint $req players]
    if {[lsearch -exact [rs $r players] $n] < 0} { invalid "players $n not allowed" }
    return $n
}
proc getseat {req k n} {
    set s [getint $req $k]
    if {$s < 0 || $s >= $n} { invalid "$k out of range" }
    return $s
}
proc getoptions {req r} {
    set v [getf $req options]
    if {[lindex $v 0] ne "o"} { invalid "options must be an object" }
    set o [dict create sitting_out receive-only penalty_frog 0]
    dict for {k x} [lindex $v 1] {
        if {[lsearch -exact [rs $r options] $k] < 0} { invalid "unknown option $k" }
        if {$k eq "sitting_out"} {
            if {[lindex $x 0] ne "s" || [lsearch -exact {receive-only pay-and-receive pay-and-receive-solo-only} [lindex $x 1]] < 0} { invalid "bad sitting_out" }
            dict set o sitting_out [lindex $x 1]
        } else {
            if {[lindex $x 0] ne "b"} { invalid "bad penalty_frog" }
            dict set o penalty_frog [lindex $x 1]
        }
    }
    return $o
}
proc getactions {v} {
    global ISCARD
    if {[lindex $v 0] ne "a"} { invalid "actions must be a list" }
    set out {}
    foreach x [lindex $v 1] {
        if {[lindex $x 0] ne "s"} { invalid "action not a string" }
        set a [lindex $x 1]
        if {$a in {pass frog chico grand}} { lappend out $a; continue }
        if {[regexp {^(discard|play) (\S+)$} $a -> k c] && [info exists ISCARD($c)]} { lappend out $a; continue }
        if {[regexp {^trump ([CDHS])$} $a]} { lappend out $a; continue }
        invalid "malformed action '$a'"
    }
    return $out
}

# ---------------------------------------------------------------- seats and deal
proc activeseats {n dealer} {
    if {$n == 3} { return [list [expr {($dealer+1)%3}] [expr {($dealer+2)%3}] $dealer] }
    if {$n == 4} { return [list [expr {($dealer+1)%4}] [expr {($dealer+2)%4}] [expr {($dealer+3)%4}]] }
    return [list [expr {($dealer+1)%$n}] [expr {($dealer+2)%$n}] [expr {($dealer+$n-1)%$n}]]
}
# returns {hands(dict seat->list) widow}
proc dodeal {r n dealer deck} {
    global H
    set act [activeseats $n $dealer]
    foreach s $act { dict set hands $s {} }
    set widow {}
    set i 0
    if {$H(deal-by-fours)} {
        set widow [lrange $deck 0 2]; set i 3
        foreach k {4 4 3} { foreach s $act { dict lappend hands $s {*}[lrange $deck $i [expr {$i+$k-1}]]; incr i $k } }
        return [list $hands $widow]
    }
    switch -- [rs $r pattern] {
        3344 - 4334 {
            if {[rs $r pattern] eq "3344"} { set pk {3 w 4 4} } else { set pk {4 w 3 4} }
            foreach k $pk {
                if {$k eq "w"} { set widow [lrange $deck $i [expr {$i+2}]]; incr i 3; continue }
                foreach s $act { dict lappend hands $s {*}[lrange $deck $i [expr {$i+$k-1}]]; incr i $k }
            }
        }
        slough {
            set j 0
            for {set i 0} {$i < 36} {incr i} {
                if {$i == 0 || $i == 3 || $i == 7} { lappend widow [lindex $deck $i]; continue }
                dict lappend hands [lindex $act [expr {$j % 3}]] [lindex $deck $i]
                incr j
            }
        }
    }
    return [list $hands $widow]
}

# ---------------------------------------------------------------- tricks and duties
proc trickwinner {trump cards} {
    set led [csuit [lindex $cards 0]]
    set best 0
    set bc [lindex $cards 0]
    for {set i 1} {$i < [llength $cards]} {incr i} {
        set c [lindex $cards $i]
        set bs [csuit $bc]; set cs [csuit $c]
        if {$cs eq $bs} {
            if {[crank $c $trump] < [crank $bc $trump]} { set best $i; set bc $c }
        } elseif {$trump ne "" && $cs eq $trump} { set best $i; set bc $c }
    }
    return $best
}
proc legalcards {trump hand trick} {
    global H
    if {![llength $trick]} { return $hand }
    set led [csuit [lindex $trick 0]]
    set f {}
    foreach c $hand { if {[csuit $c] eq $led} { lappend f $c } }
    if {[llength $f]} { return $f }
    if {$trump ne "" && !$H(no-must-trump)} {
        set t {}
        foreach c $hand { if {[csuit $c] eq $trump} { lappend t $c } }
        if {[llength $t]} { return $t }
    }
    return $hand
}

# ---------------------------------------------------------------- settlement
proc settle {r opts n dealer bidder contract pts} {
    global H
    set act [activeseats $n $dealer]
    set pay [lrepeat $n 0]
    set diff [expr {$pts - 60}]
    if {$diff == 0} { return $pay }
    set win [expr {$diff > 0}]
    set pf [expr {!$win && $contract eq "frog" && [dict get $opts penalty_frog]}]
    set c $contract
    if {$pf} { set c grand }
    if {$r eq "official-1922-coeur-dalene"} {
        set amt [dict get {frog 25 chico 50 grand 75} $c]
    } else {
        switch -- $r {
            official-1922-solo - gamerules { set rates {frog 1 chico 2 grand 3} }
            official-1922-straight { set rates {frog 1 chico 1 grand 2} }
            default { set rates {frog 1 chico 2 grand 4} }
        }
        set amt [expr {abs($diff) * [dict get $rates $c]}]
    }
    if {$H(double-on-schneider) && (($win && $pts >= 91) || (!$win && $pts <= 29))} { set amt [expr {$amt * 2}] }
    set so [dict get $opts sitting_out]
    set tot 0
    for {set s 0} {$s < $n} {incr s} {
        if {$s == $bidder} continue
        set part 1
        if {[lsearch -exact $act $s] < 0} {
            switch -- $so {
                receive-only { set part [expr {!$win}] }
                pay-and-receive { set part 1 }
                pay-and-receive-solo-only { set part [expr {$contract ne "frog" || !$win}] }
            }
        }
        if {$part} {
            set v [expr {$win ? -$amt : $amt}]
            lset pay $s $v
            incr tot $v
        }
    }
    lset pay $bidder [expr {-$tot}]
    return $pay
}

# ---------------------------------------------------------------- the game state
# state dict: r opts n dealer act hands widow phase toact bidder contract trump
#  high highseat passed round pos answer discards trick leader bpts tricks shown payments points
proc newgame {r opts n dealer deck} {
    lassign [dodeal $r $n $dealer $deck] hands widow
    set act [activeseats $n $dealer]
    return [dict create r $r opts $opts n $n dealer $dealer act $act hands $hands widow $widow \
        phase auction toact [lindex $act 0] bidder "" contract "" trump "" high -1 highseat "" \
        passed {} pos 0 answer "" discards {} trick {} bpts 0 dpts 0 tricks 0 shown "" payments "" points ""]
}
proc bidsallowed {st seat} {
    global H CORDER
    set out {}
    set r [dict get $st r]
    foreach c [rs $r contracts] {
        if {[dict get $CORDER $c] <= [dict get $st high]} continue
        if {$H(no-frog-for-eldest) && $c eq "frog" && $seat == [lindex [dict get $st act] 0]} continue
        lappend out $c
    }
    return $out
}
proc legalactions {st} {
    switch -- [dict get $st phase] {
        auction { return [concat pass [bidsallowed $st [dict get $st toact]]] }
        discard {
            set o {}
            foreach c [dict get $st hands [dict get $st bidder]] { lappend o "discard $c" }
            return $o
        }
        trump {
            set o {}
            foreach s [trumpsuits [dict get $st r]] { lappend o "trump $s" }
            return $o
        }
        play {
            set seat [dict get $st toact]
            set o {}
            foreach c [legalcards [dict get $st trump] [dict get $st hands $seat] [dict get $st trick]] { lappend o "play $c" }
            return $o
        }
        default { return {} }
    }
}
proc trumpsuits {r} {
    global H
    if {$H(chico-minor-suits-only)} { return {C D} }
    if {$r eq "gamerules"} { return {C D H S} }
    return {C D S}
}
proc nextseat {st seat} {
    set act [dict get $st act]
    return [lindex $act [expr {([lsearch -exact $act $seat] + 1) % 3}]]
}
proc endauction {stv} {
    upvar $stv st
    set b [dict get $st highseat]
    if {$b eq ""} {
        dict set st phase over; dict set st toact ""
        dict set st payments [lrepeat [dict get $st n] 0]
        return
    }
    set c [lindex {frog chico grand} [dict get $st high]]
    dict set st bidder $b; dict set st contract $c
    switch -- $c {
        frog {
            global H
            dict set st phase discard; dict set st toact $b; dict set st trump H
            dict set st shown [expr {$H(widow-always-shown) || [rs [dict get $st r] shown]}]
            dict set st hands $b [concat [dict get $st hands $b] [dict get $st widow]]
        }
        chico { dict set st phase trump; dict set st toact $b }
        grand { startplay st H }
    }
}
proc startplay {stv trump} {
    upvar $stv st
    dict set st trump $trump; dict set st phase play; dict set st toact [lindex [dict get $st act] 0]
}
# apply one action; error with illegal
proc apply {st a} {
    global CORDER H
    set phase [dict get $st phase]
    set kind [lindex $a 0]
    set arg [lindex $a 1]
    set ok [dict get {auction {pass frog chico grand} discard {discard} trump {trump} play {play} over {}} $phase]
    if {[lsearch -exact $ok $kind] < 0} { bad illegal deal.actions-by-phase "$a not taken in phase $phase" }
    set seat [dict get $st toact]
    set r [dict get $st r]
    switch -- $phase {
        auction {
            set au [rs $r auction]
            if {$kind ne "pass"} {
                if {[lsearch -exact [rs $r contracts] $kind] < 0} { bad illegal auction.contracts-without-frog "no Frog in this ruleset" }
                if {[dict get $CORDER $kind] <= [dict get $st high]} { bad illegal auction.contract-order "$kind does not outbid" }
                if {[lsearch -exact [bidsallowed $st $seat] $kind] < 0} { bad illegal auction.contracts-frog-chico-grand "house rule: eldest may not bid Frog" }
            }
            set act [dict get $st act]
            if {$kind eq "pass"} {
                dict lappend st passed $seat
            } else {
                set prevhigh [dict get $st high]; set prevseat [dict get $st highseat]
                dict set st high [dict get $CORDER $kind]; dict set st highseat $seat
                if {$kind eq "grand"} { endauction st; return $st }
            }
            if {$au eq "overbid"} {
                set live {}
                foreach s $act { if {[lsearch -exact [dict get $st passed] $s] < 0} { lappend live $s } }
                if {[llength $live] == 0} { endauction st; return $st }
                if {[llength $live] == 1 && [dict get $st highseat] eq [lindex $live 0]} { endauction st; return $st }
                set nx [nextseat $st $seat]
                while {[lsearch -exact [dict get $st passed] $nx] >= 0} { set nx [nextseat $st $nx] }
                dict set st toact $nx
                return $st
            }
            # one round (with the Frog bidder's answer in oneround)
            if {[dict get $st answer] ne ""} {
                dict set st answer ""
            } else {
                dict incr st pos
                if {$au eq "oneround" && $kind eq "chico" && $prevhigh == 0 && [lsearch -exact [dict get $st passed] $prevseat] < 0} {
                    dict set st answer $prevseat
                    dict set st toact $prevseat
                    return $st
                }
            }
            if {[dict get $st pos] >= 3} { endauction st; return $st }
            dict set st toact [lindex $act [dict get $st pos]]
            return $st
        }
        discard {
            set hand [dict get $st hands $seat]
            set i [lsearch -exact $hand $arg]
            if {$i < 0} { bad illegal widow.frog-take-and-discard "$arg not in hand" }
            dict set st hands $seat [lreplace $hand $i $i]
            dict lappend st discards $arg
            if {[llength [dict get $st discards]] == 3} { startplay st H }
            return $st
        }
        trump {
            if {[lsearch -exact [trumpsuits $r] $arg] < 0} {
                if {$r eq "gamerules"} { bad illegal trump.chico-any-suit "house rule: clubs or diamonds only" }
                bad illegal trump.chico-not-hearts "may not name $arg"
            }
            startplay st $arg
            return $st
        }
        play {
            set hand [dict get $st hands $seat]
            set i [lsearch -exact $hand $arg]
            if {$i < 0} { bad illegal play.card-from-hand "$arg not held" }
            set trick [dict get $st trick]
            set trump [dict get $st trump]
            if {[lsearch -exact [legalcards $trump $hand $trick] $arg] < 0} {
                set led [csuit [lindex $trick 0]]
                foreach c $hand { if {[csuit $c] eq $led} { bad illegal play.follow-suit "must follow suit" } }
                bad illegal play.must-trump "must trump"
            }
            dict set st hands $seat [lreplace $hand $i $i]
            if {![llength $trick]} { dict set st leader $seat }
            lappend trick $arg
            if {[llength $trick] < 3} {
                dict set st trick $trick
                dict set st toact [nextseat $st $seat]
                return $st
            }
            set w [trickwinner $trump $trick]
            set ws [lindex [dict get $st act] [expr {([lsearch -exact [dict get $st act] [dict get $st leader]] + $w) % 3}]]
            set p 0
            foreach c $trick { incr p [cpoints $c] }
            if {$ws == [dict get $st bidder]} { dict incr st bpts $p } else { dict incr st dpts $p }
            dict set st trick {}
            dict incr st tricks
            dict set st toact $ws
            if {[dict get $st tricks] == 11} {
                set extra {}
                if {[dict get $st contract] eq "frog"} { set extra [dict get $st discards] } else { set extra [dict get $st widow] }
                set bp [dict get $st bpts]
                foreach c $extra { incr bp [cpoints $c] }
                dict set st points [list $bp [expr {[totalpoints] - $bp}]]
                dict set st phase over; dict set st toact ""
                dict set st payments [settle $r [dict get $st opts] [dict get $st n] [dict get $st dealer] [dict get $st bidder] [dict get $st contract] $bp]
            }
            return $st
        }
    }
}
proc runactions {st actions} {
    set i 0
    foreach a $actions {
        if {[catch {set st [apply $st $a]} msg opt]} {
            set ec [dict get $opt -errorcode]
            if {[lindex $ec 0] eq "FROG"} {
                return -code error -errorcode [list FROG illegal [lindex $ec 2] [list at $i]] $msg
            }
            return -code error -options $opt $msg
        }
        incr i
    }
    return $st
}
proc observation {st} {
    set o {}
    set ph [dict get $st phase]
    lappend o "\"phase\":[jq $ph]"
    lappend o "\"to_act\":[jintornull [dict get $st toact]]"
    lappend o "\"legal\":[jstrs [legalactions $st]]"
    lappend o "\"bidder\":[jintornull [dict get $st bidder]]"
    lappend o "\"contract\":[jstrornull [dict get $st contract]]"
    lappend o "\"trump\":[jstrornull [dict get $st trump]]"
    if {[dict get $st contract] eq "frog"} {
        lappend o "\"widow_shown\":[expr {[dict get $st shown] ? "true" : "false"}]"
    }
    if {$ph eq "over"} {
        lappend o "\"payments\":[jints [dict get $st payments]]"
        if {[dict get $st points] ne ""} {
            lassign [dict get $st points] b d
            lappend o "\"points\":{\"bidder\":$b,\"defenders\":$d}"
        }
    }
    return "\{[join $o ,]\}"
}

# ---------------------------------------------------------------- ops
proc getruleset {req} {
    global RS_LIST
    set r [getstr $req ruleset]
    if {[lsearch -exact $RS_LIST $r] < 0} { bad unsupported "" "ruleset $r not offered" }
    return $r
}
proc op_hello {req} {
    global RS_LIST
    set s [getstr $req spec]
    if {$s ne "1"} { bad unsupported "" "protocol $s not spoken" }
    return "{\"name\":\"frog-tcl\",\"version\":\"1.0\",\"rulesets\":[jstrs $RS_LIST],\"ops\":[jstrs {hello card_points trick_winner legal_plays deal settle game match first_dealer perft}],\"rule_ids\":\"frogspec\"}"
}
proc op_card_points {req} { return [cpoints [getcard [getf $req card]]] }
proc op_trick_winner {req} {
    set r [getruleset $req]
    set t [gettrump $req]
    set cards [getcards $req cards 1 3]
    return [trickwinner $t $cards]
}
proc op_legal_plays {req} {
    set r [getruleset $req]
    set t [gettrump $req]
    set hand [getcards $req hand 1 11]
    set trick [getcards $req trick 0 2]
    foreach c $trick { if {[lsearch -exact $hand $c] >= 0} { invalid "$c in hand and trick" } }
    return [jstrs [legalcards $t $hand $trick]]
}
proc op_deal {req} {
    set r [getruleset $req]
    set opts [getoptions $req $r]
    set n [getplayers $req $r]
    set d [getseat $req dealer $n]
    set deck [getdeck [getf $req deck]]
    lassign [dodeal $r $n $d $deck] hands widow
    set act [activeseats $n $d]
    set hl {}
    for {set s 0} {$s < $n} {incr s} {
        if {[dict exists $hands $s]} { lappend hl [jstrs [dict get $hands $s]] } else { lappend hl null }
    }
    return "{\"active\":[jints $act],\"eldest\":[lindex $act 0],\"hands\":\[[join $hl ,]\],\"widow\":[jstrs $widow]}"
}
proc op_settle {req} {
    set r [getruleset $req]
    set opts [getoptions $req $r]
    set n [getplayers $req $r]
    set d [getseat $req dealer $n]
    set b [getseat $req bidder $n]
    if {[lsearch -exact [activeseats $n $d] $b] < 0} { invalid "bidder sits out" }
    set c [getstr $req contract]
    if {$c ni {frog chico grand}} { invalid "unknown contract" }
    set p [getint $req bidder_points]
    if {$p < 0 || $p > [totalpoints]} { invalid "points out of range" }
    if {[lsearch -exact [rs $r contracts] $c] < 0} { bad illegal auction.contracts-without-frog "no Frog" }
    return [jints [settle $r $opts $n $d $b $c $p]]
}
proc gamesetup {req} {
    set r [getruleset $req]
    set opts [getoptions $req $r]
    set n [getplayers $req $r]
    set d [getseat $req dealer $n]
    set deck [getdeck [getf $req deck]]
    set actions [getactions [getf $req actions]]
    return [list $r $opts $n $d $deck $actions]
}
proc op_game {req} {
    lassign [gamesetup $req] r opts n d deck actions
    set st [runactions [newgame $r $opts $n $d $deck] $actions]
    return [observation $st]
}
proc op_perft {req} {
    lassign [gamesetup $req] r opts n d deck actions
    set depth -1
    if {[dict exists $req depth]} {
        set depth [getint $req depth]
        if {$depth < 0} { invalid "negative depth" }
    }
    set st [runactions [newgame $r $opts $n $d $deck] $actions]
    global VISITS
    set VISITS 0
    if {[dict get $st phase] eq "over" || $depth == 0} { return "{\"total\":1,\"by_first\":{}}" }
    set tot 0; set bf {}
    foreach a [legalactions $st] {
        set k [perft [apply $st $a] [expr {$depth - 1}]]
        incr tot $k
        lappend bf "[jq $a]:$k"
    }
    return "{\"total\":$tot,\"by_first\":{[join $bf ,]}}"
}
proc perft {st depth} {
    if {[dict get $st phase] eq "over" || $depth == 0} { return 1 }
    global VISITS
    if {[incr VISITS] > 100000} { invalid "perft would visit more than 100000 positions" }
    set t 0
    foreach a [legalactions $st] { incr t [perft [apply $st $a] [expr {$depth - 1}]] }
    return $t
}
proc op_first_dealer {req} {
    set r [getruleset $req]
    set n [getplayers $req $r]
    if {[rs $r lowcard]} {
        set low [getseat $req lowest $n]
        set v [getf $req chooses_to_deal]
        if {[lindex $v 0] ne "b"} { invalid "chooses_to_deal must be a boolean" }
        if {[lindex $v 1]} { return $low }
        return [expr {($low + $n - 1) % $n}]
    }
    return [getseat $req chosen $n]
}
proc op_match {req} {
    global H
    set r [getruleset $req]
    set opts [getoptions $req $r]
    set n [getplayers $req $r]
    set fd [getseat $req first_dealer $n]
    set dv [getf $req deals]
    if {[lindex $dv 0] ne "a"} { invalid "deals must be a list" }
    set deals {}
    foreach x [lindex $dv 1] {
        if {[lindex $x 0] ne "o"} { invalid "a deal must be an object" }
        set o [lindex $x 1]
        lappend deals [list [getdeck [getf $o deck]] [getactions [getf $o actions]]]
    }
    set bal [lrepeat $n [rs $r bank]]
    set dealer $fd
    set over 0; set loser ""
    set dealers {}
    set k 0
    foreach dl $deals {
        lassign $dl deck actions
        if {$over} { bad illegal match.first-unable-to-pay-loses "the game is over" [list at 0 deal $k] }
        if {[catch {set st [runactions [newgame $r $opts $n $dealer $deck] $actions]} msg opt]} {
            set ec [dict get $opt -errorcode]
            if {[lindex $ec 0] eq "FROG" && [lindex $ec 1] eq "illegal"} {
                bad illegal [lindex $ec 2] $msg [concat [lindex $ec 3] [list deal $k]]
            }
            return -options $opt $msg
        }
        if {[dict get $st phase] ne "over"} { invalid "deal $k does not reach its end" }
        lappend dealers $dealer
        set pay [dict get $st payments]
        set b [dict get $st bidder]
        if {[rs $r ends] && $b ne ""} {
            for {set j 0} {$j < $n} {incr j} {
                set s [expr {($b + $j) % $n}]
                if {-[lindex $pay $s] > [lindex $bal $s]} { set over 1; set loser $s; break }
            }
        }
        for {set s 0} {$s < $n} {incr s} { lset bal $s [expr {[lindex $bal $s] + [lindex $pay $s]}] }
        if {!($H(dealer-keeps-deal-on-all-pass) && $b eq "")} { set dealer [expr {($dealer + 1) % $n}] }
        incr k
    }
    return "{\"balances\":[jints $bal],\"dealers\":[jints $dealers],\"over\":[expr {$over ? "true" : "false"}],\"loser\":[jintornull $loser]}"
}

# ---------------------------------------------------------------- main loop
proc errline {id kind rule msg extra} {
    set e "\"kind\":[jq $kind],\"rule\":[jstrornull $rule],\"message\":[jq $msg]"
    foreach {k v} $extra { append e ",[jq $k]:$v" }
    return "{\"id\":$id,\"error\":{$e}}"
}
proc handle {line} {
    if {[catch {jparse $line} v opt]} {
        set ec [dict get $opt -errorcode]
        set why json
        if {[lindex $ec 0] eq "JSON"} { set why [lindex $ec 1] }
        return [errline null invalid "" "$why: not a JSON request" {}]
    }
    if {[lindex $v 0] ne "o"} { return [errline null invalid "" "not an object" {}] }
    set req [lindex $v 1]
    if {![dict exists $req id] || [lindex [dict get $req id] 0] ne "i"} { return [errline null invalid "" "id is not an integer" {}] }
    set id [lindex [dict get $req id] 1]
    if {![dict exists $req op] || [lindex [dict get $req op] 0] ne "s"} { return [errline $id invalid "" "op is not a string" {}] }
    set op [lindex [dict get $req op] 1]
    if {$op ni {hello card_points trick_winner legal_plays deal settle game match first_dealer perft}} {
        return [errline $id unsupported "" "op $op not offered" {}]
    }
    if {[catch {op_$op $req} res opt]} {
        set ec [dict get $opt -errorcode]
        if {[lindex $ec 0] eq "FROG"} {
            return [errline $id [lindex $ec 1] [lindex $ec 2] $res [lindex $ec 3]]
        }
        puts stderr "internal error: $res [dict get $opt -errorinfo]"
        return [errline $id invalid "" "internal error: $res" {}]
    }
    return "{\"id\":$id,\"result\":$res}"
}

fconfigure stdin -encoding utf-8 -translation auto
fconfigure stdout -encoding utf-8 -translation lf -buffering line
while {[gets stdin line] >= 0} {
    if {[string trim $line " \t\r\n"] eq ""} continue
    puts [handle $line]
    flush stdout
}
