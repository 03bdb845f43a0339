# Frog engine speaking the frogspec conformance protocol, version 1.
# Tcl 8.6, core only.  Usage: tclsh frog.tcl [--house NAME]...
source [file join [file dirname [info script]] json.tcl]

# ---------------------------------------------------------------- house rules
set HOUSE_NAMES {widow-last stuck-last widow-shown no-must-trump spade-queen-trump
    chico-no-hearts last-trick-ten slam-doubles redeal-on-pass}
array set H {}
foreach n $HOUSE_NAMES { set H($n) 0 }
set i 0
while {$i < [llength $argv]} {
    set a [lindex $argv $i]
    if {$a eq "--house"} {
        incr i
        if {$i >= [llength $argv]} { puts stderr "frog.tcl: --house needs a NAME"; exit 2 }
        set nm [lindex $argv $i]
        if {$nm ni $HOUSE_NAMES} {
            puts stderr "frog.tcl: unknown house rule '$nm' (known: [join $HOUSE_NAMES {, }])"
            exit 2
        }
        set H($nm) 1
    } elseif {[string match --house=* $a]} {
        set nm [string range $a 8 end]
        if {$nm ni $HOUSE_NAMES} {
            puts stderr "frog.tcl: unknown house rule '$nm' (known: [join $HOUSE_NAMES {, }])"
            exit 2
        }
        set H($nm) 1
    } else {
        puts stderr "frog.tcl: unknown argument '$a' (usage: frog.tcl \[--house NAME\]...)"
        exit 2
    }
    incr i
}

# ---------------------------------------------------------------- cards
set RANKS {A 10 K Q J 9 8 7 6}
set SUITS {C D H S}
array set RANKIDX {A 0 10 1 K 2 Q 3 J 4 9 5 8 6 7 7 6 8}
array set POINTS {A 11 10 10 K 4 Q 3 J 2 9 0 8 0 7 0 6 0}
set PACK {}
foreach s $SUITS { foreach r $RANKS { lappend PACK "$r$s" } }
array set ISCARD {}
foreach c $PACK { set ISCARD($c) 1 }

proc crank {c} { return [string range $c 0 end-1] }
proc csuit {c} { return [string index $c end] }
proc cpoints {c} { global POINTS; return $POINTS([crank $c]) }

# effective suit of a card under a trump (house spade-queen-trump makes QS a trump)
proc esuit {c trump} {
    global H
    if {$H(spade-queen-trump) && $c eq "QS" && $trump ne ""} { return $trump }
    return [csuit $c]
}
# strength within its effective suit: higher is stronger
proc strength {c trump} {
    global H RANKIDX
    set r $RANKIDX([crank $c])
    set v [expr {(9 - $r) * 2}]
    if {$H(spade-queen-trump) && $trump ne "" && $c eq "QS"} {
        # just below the trump Ace: above the trump Ten (A=18, 10=16)
        return 17
    }
    return $v
}

proc trick_winner_idx {cards trump} {
    set lead [esuit [lindex $cards 0] $trump]
    set best 0
    set bc [lindex $cards 0]
    for {set i 1} {$i < [llength $cards]} {incr i} {
        set c [lindex $cards $i]
        set cs [esuit $c $trump]
        set bs [esuit $bc $trump]
        set beats 0
        if {$cs eq $bs} {
            if {[strength $c $trump] > [strength $bc $trump]} { set beats 1 }
        } elseif {$trump ne "" && $cs eq $trump} {
            set beats 1
        }
        if {$beats} { set best $i; set bc $c }
    }
    return $best
}

proc legal_cards {hand trick trump} {
    global H
    if {[llength $trick] == 0} { return $hand }
    set lead [esuit [lindex $trick 0] $trump]
    set follow {}
    foreach c $hand { if {[esuit $c $trump] eq $lead} { lappend follow $c } }
    if {[llength $follow]} { return $follow }
    if {$H(no-must-trump)} { return $hand }
    if {$trump ne ""} {
        set tr {}
        foreach c $hand { if {[esuit $c $trump] eq $trump} { lappend tr $c } }
        if {[llength $tr]} { return $tr }
    }
    return $hand
}

# ---------------------------------------------------------------- rulesets
set RULESETS {foster-1909 hoyle-1907 modern official-1922-solo official-1922-straight
    official-1922-coeur-dalene gamerules}
array set RS {}
foreach r {foster-1909 hoyle-1907} {
    set RS($r,players) {3 5}; set RS($r,pattern) 3344; set RS($r,auction) open
    set RS($r,contracts) {frog chico grand}; set RS($r,shown) 1; set RS($r,chicoH) 0
    set RS($r,rates) {frog 1 chico 2 grand 4}; set RS($r,options) {}
    set RS($r,bank) 0; set RS($r,bust) 0; set RS($r,first) any
}
set r modern
set RS($r,players) {3 5}; set RS($r,pattern) 4334; set RS($r,auction) oneround
set RS($r,contracts) {frog chico grand}; set RS($r,shown) 0; set RS($r,chicoH) 0
set RS($r,rates) {frog 1 chico 2 grand 4}; set RS($r,options) {}
set RS($r,bank) 0; set RS($r,bust) 0; set RS($r,first) any
set r gamerules
set RS($r,players) {3 3}; set RS($r,pattern) 4334; set RS($r,auction) onebid
set RS($r,contracts) {frog chico grand}; set RS($r,shown) 0; set RS($r,chicoH) 1
set RS($r,rates) {frog 1 chico 2 grand 3}; set RS($r,options) {}
set RS($r,bank) 150; set RS($r,bust) 0; set RS($r,first) any
foreach r {official-1922-solo official-1922-straight official-1922-coeur-dalene} {
    set RS($r,players) {3 7}; set RS($r,pattern) singly; set RS($r,auction) oneround
    set RS($r,contracts) {frog chico grand}; set RS($r,shown) 0; set RS($r,chicoH) 0
    set RS($r,rates) {frog 1 chico 2 grand 3}; set RS($r,options) {sitting_out penalty_frog}
    set RS($r,bank) 120; set RS($r,bust) 1; set RS($r,first) lowcard
}
set RS(official-1922-straight,contracts) {chico grand}
set RS(official-1922-straight,rates) {chico 1 grand 2}
set RS(official-1922-straight,options) {sitting_out}
set RS(official-1922-coeur-dalene,rates) fixed

array set CORDER {frog 1 chico 2 grand 3}

# ---------------------------------------------------------------- errors
proc ierr {msg} { return -code error -errorcode {FROG invalid} $msg }
proc illegal {rule at {msg ""}} {
    return -code error -errorcode [list FROG illegal $rule $at] "illegal: $rule $msg"
}

# ---------------------------------------------------------------- field readers
proc req_field {req name} {
    if {![dict exists $req $name]} { ierr "missing field $name" }
    return [dict get $req $name]
}
proc get_int {v what} {
    if {[lindex $v 0] ne "i"} { ierr "$what is not an integer" }
    return [expr {[lindex $v 1]}]
}
proc get_str {v what} {
    if {[lindex $v 0] ne "s"} { ierr "$what is not a string" }
    return [lindex $v 1]
}
proc get_list {v what} {
    if {[lindex $v 0] ne "a"} { ierr "$what is not a list" }
    return [lindex $v 1]
}
proc get_card {v what} {
    global ISCARD
    set s [get_str $v $what]
    if {![info exists ISCARD($s)]} { ierr "$what: unknown card $s" }
    return $s
}
proc get_cards {v what lo hi} {
    set l [get_list $v $what]
    if {[llength $l] < $lo || [llength $l] > $hi} { ierr "$what: wrong number of cards" }
    set out {}
    array set seen {}
    foreach x $l {
        set c [get_card $x $what]
        if {[info exists seen($c)]} { ierr "$what: card $c twice" }
        set seen($c) 1
        lappend out $c
    }
    return $out
}
proc get_trump {req} {
    set v [req_field $req trump]
    if {[lindex $v 0] eq "null"} { return "" }
    set s [get_str $v trump]
    if {$s ni {C D H S}} { ierr "unknown suit $s" }
    return $s
}
proc get_players {req rs} {
    global RS
    set n [get_int [req_field $req players] players]
    lassign $RS($rs,players) lo hi
    if {$n < $lo || $n > $hi} { ierr "players $n not allowed in $rs" }
    return $n
}
proc get_seat {req name n} {
    set s [get_int [req_field $req $name] $name]
    if {$s < 0 || $s >= $n} { ierr "$name out of range" }
    return $s
}
proc get_options {req rs} {
    global RS
    set v [req_field $req options]
    if {[lindex $v 0] ne "o"} { ierr "options is not an object" }
    set o [dict create sitting_out receive-only penalty_frog 0]
    dict for {k x} [lindex $v 1] {
        if {$k ni $RS($rs,options)} { ierr "unknown option $k" }
        if {$k eq "sitting_out"} {
            if {[lindex $x 0] ne "s" || [lindex $x 1] ni {receive-only pay-and-receive pay-and-receive-solo-only}} {
                ierr "bad sitting_out"
            }
            dict set o sitting_out [lindex $x 1]
        } elseif {$k eq "penalty_frog"} {
            if {[lindex $x 0] ne "b"} { ierr "bad penalty_frog" }
            dict set o penalty_frog [lindex $x 1]
        }
    }
    return $o
}
proc get_deck {v} {
    global PACK
    set d [get_cards $v deck 36 36]
    return $d
}
proc parse_action {v} {
    global ISCARD
    set s [get_str $v action]
    if {$s in {pass frog chico grand}} { return [list $s ""] }
    if {[regexp {^(discard|play) (\S+)$} $s -> k c]} {
        if {![info exists ISCARD($c)]} { ierr "unknown card in action $s" }
        return [list $k $c]
    }
    if {[regexp {^trump ([CDHS])$} $s -> t]} { return [list trump $t] }
    ierr "not an action: $s"
}
proc get_actions {v} {
    set out {}
    foreach a [get_list $v actions] { lappend out [parse_action $a] }
    return $out
}

# ---------------------------------------------------------------- seats and deal
proc active_seats {n dealer} {
    if {$n == 3} {
        set s {}
        for {set k 1} {$k <= 3} {incr k} { lappend s [expr {($dealer + $k) % 3}] }
        return $s
    }
    if {$n == 4} {
        return [list [expr {($dealer+1)%4}] [expr {($dealer+2)%4}] [expr {($dealer+3)%4}]]
    }
    return [list [expr {($dealer+1)%$n}] [expr {($dealer+2)%$n}] [expr {($dealer-1+$n)%$n}]]
}

# destination of each of the 36 deck positions: 0,1,2 = active index, W = widow
proc deal_pattern {rs} {
    global RS H
    set p {}
    switch -- $RS($rs,pattern) {
        3344 { set packets {3 W 4 4} }
        4334 { set packets {4 W 3 4} }
        singly {
            set p {}
            set k 0
            for {set pos 1} {$pos <= 36} {incr pos} {
                if {$pos in {1 4 8}} { lappend p W } else { lappend p [expr {$k % 3}]; incr k }
            }
        }
    }
    if {$RS($rs,pattern) ne "singly"} {
        foreach pk $packets {
            if {$pk eq "W"} { lappend p W W W; continue }
            foreach who {0 1 2} { for {set j 0} {$j < $pk} {incr j} { lappend p $who } }
        }
    }
    if {$H(widow-last)} {
        set q {}
        foreach x $p { if {$x ne "W"} { lappend q $x } }
        lappend q W W W
        set p $q
    }
    return $p
}

proc do_deal {rs n dealer deck} {
    set act [active_seats $n $dealer]
    set hands [dict create]
    foreach s $act { dict set hands $s {} }
    set widow {}
    foreach dst [deal_pattern $rs] c $deck {
        if {$dst eq "W"} { lappend widow $c } else { dict lappend hands [lindex $act $dst] $c }
    }
    return [list $act $hands $widow]
}

# ---------------------------------------------------------------- game state
proc new_game {rs opts n dealer deck} {
    lassign [do_deal $rs $n $dealer $deck] act hands widow
    set st [dict create rs $rs opts $opts n $n dealer $dealer active $act eldest [lindex $act 0] \
        hands $hands widow $widow phase auction to_act [lindex $act 0] \
        passed {} high "" highby -1 aidx 0 answer -1 \
        bidder -1 contract "" trump "" discards {} trick {} leader -1 \
        won [dict create] ntricks 0 lastwin -1 payments {} points {}]
    foreach s $act { dict set st won $s {} }
    return $st
}

proc is_stuck {st} {
    global H RS
    if {!$H(stuck-last)} { return 0 }
    if {[dict get $st high] ne ""} { return 0 }
    set rs [dict get $st rs]
    if {$RS($rs,auction) eq "open"} {
        return [expr {[llength [dict get $st passed]] == 2}]
    }
    return [expr {[dict get $st answer] < 0 && [dict get $st aidx] == 2}]
}

proc legal_actions {st} {
    global RS CORDER
    set rs [dict get $st rs]
    switch -- [dict get $st phase] {
        auction {
            set l {}
            if {![is_stuck $st]} { lappend l pass }
            set high [dict get $st high]
            set hv [expr {$high eq "" ? 0 : $CORDER($high)}]
            if {[dict get $st answer] >= 0} { return {pass grand} }
            foreach c $RS($rs,contracts) { if {$CORDER($c) > $hv} { lappend l $c } }
            return $l
        }
        discard {
            set l {}
            foreach c [dict get $st hands [dict get $st bidder]] { lappend l "discard $c" }
            return $l
        }
        trump {
            set l {}
            foreach s [chico_suits $rs] { lappend l "trump $s" }
            return $l
        }
        play {
            set l {}
            set s [dict get $st to_act]
            set tc {}
            foreach {x c} [dict get $st trick] { lappend tc $c }
            foreach c [legal_cards [dict get $st hands $s] $tc [dict get $st trump]] { lappend l "play $c" }
            return $l
        }
        over { return {} }
    }
}

proc chico_suits {rs} {
    global RS H
    if {$RS($rs,chicoH) && !$H(chico-no-hearts)} { return {C D H S} }
    return {C D S}
}

proc next_active {st seat} {
    set act [dict get $st active]
    set i [lsearch $act $seat]
    return [lindex $act [expr {($i + 1) % 3}]]
}

proc end_auction {stVar} {
    upvar 1 $stVar st
    set high [dict get $st high]
    if {$high eq ""} {
        dict set st phase over
        dict set st to_act -1
        dict set st payments [lrepeat [dict get $st n] 0]
        return
    }
    set b [dict get $st highby]
    dict set st bidder $b
    dict set st contract $high
    switch -- $high {
        frog {
            dict set st trump H
            dict set st phase discard
            dict set st to_act $b
            dict set st hands $b [concat [dict get $st hands $b] [dict get $st widow]]
        }
        chico {
            dict set st phase trump
            dict set st to_act $b
        }
        grand {
            dict set st trump H
            start_play st
        }
    }
}

proc start_play {stVar} {
    upvar 1 $stVar st
    dict set st phase play
    dict set st leader [dict get $st eldest]
    dict set st to_act [dict get $st eldest]
}

# apply one parsed action; errors via illegal with index at
proc apply_action {stVar act at} {
    upvar 1 $stVar st
    global RS CORDER H
    lassign $act kind arg
    set rs [dict get $st rs]
    set phase [dict get $st phase]
    set me [dict get $st to_act]
    switch -- $phase {
        auction {
            if {$kind ni {pass frog chico grand}} { illegal deal.actions-by-phase $at }
            set auc $RS($rs,auction)
            set answering [expr {[dict get $st answer] >= 0}]
            if {$kind eq "pass"} {
                if {[is_stuck $st]} { illegal auction.all-pass $at }
            } else {
                if {$kind ni $RS($rs,contracts)} { illegal auction.contracts-without-frog $at }
                set high [dict get $st high]
                set hv [expr {$high eq "" ? 0 : $CORDER($high)}]
                if {$CORDER($kind) <= $hv} { illegal auction.contract-order $at }
            }
            set prevhigh [dict get $st high]
            set prevby [dict get $st highby]
            if {$kind eq "pass"} {
                dict lappend st passed $me
            } else {
                dict set st high $kind
                dict set st highby $me
            }
            if {$auc eq "open"} {
                if {[dict get $st high] eq "grand"} { end_auction st; return }
                set np {}
                foreach s [dict get $st active] { if {$s ni [dict get $st passed]} { lappend np $s } }
                if {[llength $np] == 0} { end_auction st; return }
                if {[dict get $st high] ne "" && [llength $np] == 1 && [lindex $np 0] == [dict get $st highby]} {
                    end_auction st; return
                }
                set nx [next_active $st $me]
                while {$nx in [dict get $st passed]} { set nx [next_active $st $nx] }
                dict set st to_act $nx
                return
            }
            # one round (with or without the Frog bidder's answer)
            if {$answering} {
                dict set st answer -1
            } else {
                dict incr st aidx
                if {$auc eq "oneround" && $kind eq "chico" && $prevhigh eq "frog"} {
                    dict set st answer $prevby
                }
            }
            if {[dict get $st high] eq "grand"} { end_auction st; return }
            if {[dict get $st answer] >= 0} { dict set st to_act [dict get $st answer]; return }
            if {[dict get $st aidx] < 3} {
                dict set st to_act [lindex [dict get $st active] [dict get $st aidx]]
                return
            }
            end_auction st
            return
        }
        discard {
            if {$kind ne "discard"} { illegal deal.actions-by-phase $at }
            set h [dict get $st hands $me]
            set i [lsearch -exact $h $arg]
            if {$i < 0} { illegal widow.frog-take-and-discard $at }
            dict set st hands $me [lreplace $h $i $i]
            dict lappend st discards $arg
            if {[llength [dict get $st discards]] == 3} { start_play st }
            return
        }
        trump {
            if {$kind ne "trump"} { illegal deal.actions-by-phase $at }
            if {$arg ni [chico_suits $rs]} { illegal trump.chico-not-hearts $at }
            dict set st trump $arg
            start_play st
            return
        }
        play {
            if {$kind ne "play"} { illegal deal.actions-by-phase $at }
            set h [dict get $st hands $me]
            set i [lsearch -exact $h $arg]
            if {$i < 0} { illegal play.card-from-hand $at }
            set tc {}
            foreach {x c} [dict get $st trick] { lappend tc $c }
            set trump [dict get $st trump]
            if {$arg ni [legal_cards $h $tc $trump]} {
                set lead [esuit [lindex $tc 0] $trump]
                set has 0
                foreach c $h { if {[esuit $c $trump] eq $lead} { set has 1 } }
                if {$has} { illegal play.follow-suit $at }
                illegal play.must-trump $at
            }
            dict set st hands $me [lreplace $h $i $i]
            dict lappend st trick $me $arg
            lappend tc $arg
            if {[llength $tc] < 3} {
                dict set st to_act [next_active $st $me]
                return
            }
            set w [lindex [dict get $st trick] [expr {2 * [trick_winner_idx $tc $trump]}]]
            dict set st won $w [concat [dict get $st won $w] $tc]
            dict set st trick {}
            dict incr st ntricks
            dict set st lastwin $w
            dict set st leader $w
            dict set st to_act $w
            if {[dict get $st ntricks] == 11} { finish_deal st }
            return
        }
        over {
            illegal deal.actions-by-phase $at
        }
    }
}

proc finish_deal {stVar} {
    upvar 1 $stVar st
    global H
    set b [dict get $st bidder]
    set pts 0
    foreach c [dict get $st won $b] { incr pts [cpoints $c] }
    if {[dict get $st contract] eq "frog"} {
        foreach c [dict get $st discards] { incr pts [cpoints $c] }
    } else {
        foreach c [dict get $st widow] { incr pts [cpoints $c] }
    }
    set total 120
    if {$H(last-trick-ten)} {
        set total 130
        if {[dict get $st lastwin] == $b} { incr pts 10 }
    }
    dict set st points [list $pts [expr {$total - $pts}]]
    dict set st phase over
    dict set st to_act -1
    dict set st payments [settle_pay [dict get $st rs] [dict get $st opts] [dict get $st n] \
        [dict get $st dealer] $b [dict get $st contract] $pts]
}

# ---------------------------------------------------------------- settlement
proc settle_pay {rs opts n dealer bidder contract bp} {
    global RS H
    set thr 60; set full 120
    if {$H(last-trick-ten)} { set thr 65; set full 130 }
    set pay [lrepeat $n 0]
    if {$bp == $thr} { return $pay }
    set won [expr {$bp > $thr}]
    set pen [dict get $opts penalty_frog]
    if {$RS($rs,rates) eq "fixed"} {
        array set fx {frog 25 chico 50 grand 75}
        set amt $fx($contract)
        if {!$won && $pen && $contract eq "frog"} { set amt $fx(grand) }
    } else {
        set rates $RS($rs,rates)
        set rate [dict get $rates $contract]
        if {!$won && $pen && $contract eq "frog"} { set rate [dict get $rates grand] }
        set amt [expr {abs($bp - $thr) * $rate}]
    }
    if {$H(slam-doubles) && ($bp == $full || $bp == 0)} { set amt [expr {$amt * 2}] }
    set act [active_seats $n $dealer]
    set sys [dict get $opts sitting_out]
    set total 0
    for {set s 0} {$s < $n} {incr s} {
        if {$s == $bidder} continue
        if {$won} {
            set takes [expr {$s in $act}]
            if {!$takes} {
                if {$sys eq "pay-and-receive" || ($sys eq "pay-and-receive-solo-only" && $contract ne "frog")} {
                    set takes 1
                }
            }
            if {$takes} { lset pay $s [expr {-$amt}]; incr total $amt }
        } else {
            lset pay $s $amt
            incr total [expr {-$amt}]
        }
    }
    lset pay $bidder $total
    return $pay
}

# ---------------------------------------------------------------- observation
proc observation {st} {
    global RS H
    set rs [dict get $st rs]
    set phase [dict get $st phase]
    set p [list phase [json::str $phase]]
    lappend p to_act [expr {$phase eq "over" ? "null" : [dict get $st to_act]}]
    lappend p legal [json::strlist [legal_actions $st]]
    set b [dict get $st bidder]
    lappend p bidder [expr {$b < 0 ? "null" : $b}]
    set c [dict get $st contract]
    lappend p contract [expr {$c eq "" ? "null" : [json::str $c]}]
    set t [dict get $st trump]
    lappend p trump [expr {$t eq "" ? "null" : [json::str $t]}]
    if {$c eq "frog"} {
        set shown [expr {$RS($rs,shown) || $H(widow-shown)}]
        lappend p widow_shown [expr {$shown ? "true" : "false"}]
    }
    if {$phase eq "over"} {
        if {$b >= 0} {
            lassign [dict get $st points] bp dp
            lappend p points [json::obj [list bidder $bp defenders $dp]]
        }
        lappend p payments [json::intlist [dict get $st payments]]
    }
    return [json::obj $p]
}

# ---------------------------------------------------------------- ops
proc read_game_req {req rs} {
    set opts [get_options $req $rs]
    set n [get_players $req $rs]
    set dealer [get_seat $req dealer $n]
    set deck [get_deck [req_field $req deck]]
    set acts [get_actions [req_field $req actions]]
    return [list $opts $n $dealer $deck $acts]
}

proc run_actions {stVar acts} {
    upvar 1 $stVar st
    set at 0
    foreach a $acts {
        apply_action st $a $at
        incr at
    }
}

proc op_game {req rs} {
    lassign [read_game_req $req $rs] opts n dealer deck acts
    set st [new_game $rs $opts $n $dealer $deck]
    run_actions st $acts
    return [observation $st]
}

proc op_deal {req rs} {
    set opts [get_options $req $rs]
    set n [get_players $req $rs]
    set dealer [get_seat $req dealer $n]
    set deck [get_deck [req_field $req deck]]
    lassign [do_deal $rs $n $dealer $deck] act hands widow
    set hl {}
    for {set s 0} {$s < $n} {incr s} {
        if {[dict exists $hands $s]} { lappend hl [json::strlist [dict get $hands $s]] } else { lappend hl null }
    }
    return [json::obj [list active [json::intlist $act] eldest [lindex $act 0] \
        hands [json::arr $hl] widow [json::strlist $widow]]]
}

proc op_settle {req rs} {
    global RS H
    set opts [get_options $req $rs]
    set n [get_players $req $rs]
    set dealer [get_seat $req dealer $n]
    set bidder [get_seat $req bidder $n]
    if {$bidder ni [active_seats $n $dealer]} { ierr "bidder sits out" }
    set c [get_str [req_field $req contract] contract]
    if {$c ni {frog chico grand}} { ierr "unknown contract $c" }
    set bp [get_int [req_field $req bidder_points] bidder_points]
    set full [expr {$H(last-trick-ten) ? 130 : 120}]
    if {$bp < 0 || $bp > $full} { ierr "bidder_points out of range" }
    if {$c ni $RS($rs,contracts)} { illegal auction.contracts-without-frog "" }
    return [json::intlist [settle_pay $rs $opts $n $dealer $bidder $c $bp]]
}

proc op_trick_winner {req rs} {
    set trump [get_trump $req]
    set cards [get_cards [req_field $req cards] cards 1 3]
    return [trick_winner_idx $cards $trump]
}

proc op_legal_plays {req rs} {
    set trump [get_trump $req]
    set hand [get_cards [req_field $req hand] hand 1 11]
    set trick [get_cards [req_field $req trick] trick 0 2]
    foreach c $trick { if {$c in $hand} { ierr "card $c both in hand and trick" } }
    return [json::strlist [legal_cards $hand $trick $trump]]
}

proc op_first_dealer {req rs} {
    global RS
    set n [get_players $req $rs]
    # type-check the optional fields that are present
    foreach f {chosen lowest} {
        if {[dict exists $req $f]} {
            set v [get_int [dict get $req $f] $f]
            if {$v < 0} { ierr "$f negative" }
        }
    }
    if {[dict exists $req chooses_to_deal] && [lindex [dict get $req chooses_to_deal] 0] ne "b"} {
        ierr "chooses_to_deal is not a boolean"
    }
    if {$RS($rs,first) eq "any"} {
        return [get_seat $req chosen $n]
    }
    set low [get_seat $req lowest $n]
    set v [req_field $req chooses_to_deal]
    if {[lindex $v 0] ne "b"} { ierr "chooses_to_deal is not a boolean" }
    if {[lindex $v 1]} { return $low }
    return [expr {($low - 1 + $n) % $n}]
}

proc op_match {req rs} {
    global RS H
    set opts [get_options $req $rs]
    set n [get_players $req $rs]
    set fd [get_seat $req first_dealer $n]
    set deals {}
    foreach d [get_list [req_field $req deals] deals] {
        if {[lindex $d 0] ne "o"} { ierr "a deal is not an object" }
        set dd [lindex $d 1]
        set deck [get_deck [req_field $dd deck]]
        set acts [get_actions [req_field $dd actions]]
        lappend deals [list $deck $acts]
    }
    set bal [lrepeat $n $RS($rs,bank)]
    set dealers {}
    set over 0
    set loser null
    set dealer $fd
    set k 0
    foreach d $deals {
        lassign $d deck acts
        if {$over} {
            return -code error -errorcode [list FROG illegal match.first-unable-to-pay-loses 0 $k] "deal after the end"
        }
        set st [new_game $rs $opts $n $dealer $deck]
        if {[catch {run_actions st $acts} msg eo]} {
            set ec [dict get $eo -errorcode]
            if {[lindex $ec 0] eq "FROG" && [lindex $ec 1] eq "illegal"} {
                return -code error -errorcode [list FROG illegal [lindex $ec 2] [lindex $ec 3] $k] $msg
            }
            return -options $eo $msg
        }
        if {[dict get $st phase] ne "over"} { ierr "deal $k stops before its end" }
        lappend dealers $dealer
        set pay [dict get $st payments]
        set b [dict get $st bidder]
        if {$RS($rs,bust) && $b >= 0} {
            for {set j 0} {$j < $n} {incr j} {
                set s [expr {($b + $j) % $n}]
                set p [lindex $pay $s]
                if {$p < 0 && -$p > [lindex $bal $s]} { set over 1; set loser $s; break }
            }
        }
        for {set s 0} {$s < $n} {incr s} { lset bal $s [expr {[lindex $bal $s] + [lindex $pay $s]}] }
        if {!($H(redeal-on-pass) && $b < 0)} { set dealer [expr {($dealer + 1) % $n}] }
        incr k
    }
    return [json::obj [list balances [json::intlist $bal] dealers [json::intlist $dealers] \
        over [expr {$over ? "true" : "false"}] loser $loser]]
}

proc op_perft {req rs} {
    lassign [read_game_req $req $rs] opts n dealer deck acts
    set depth -1
    if {[dict exists $req depth]} {
        set v [dict get $req depth]
        if {[lindex $v 0] ne "null"} {
            set depth [get_int $v depth]
            if {$depth < 0} { ierr "negative depth" }
        }
    }
    set st [new_game $rs $opts $n $dealer $deck]
    run_actions st $acts
    global VISITED
    set VISITED 0
    set byf {}
    set total 0
    if {[dict get $st phase] ne "over" && $depth != 0} {
        foreach a [legal_actions $st] {
            set s2 $st
            apply_action s2 [parse_action [list s $a]] 0
            set c [perft_count $s2 [expr {$depth < 0 ? -1 : $depth - 1}]]
            lappend byf $a $c
            incr total $c
        }
    } else {
        set total 1
    }
    set parts {}
    foreach {a c} $byf { lappend parts $a $c }
    return [json::obj [list total $total by_first [json::obj $parts]]]
}

proc perft_count {st depth} {
    global VISITED
    if {[dict get $st phase] eq "over" || $depth == 0} { return 1 }
    incr VISITED
    if {$VISITED > 100000} { ierr "perft would visit more than 100000 positions" }
    set t 0
    foreach a [legal_actions $st] {
        set s2 $st
        apply_action s2 [parse_action [list s $a]] 0
        incr t [perft_count $s2 [expr {$depth < 0 ? -1 : $depth - 1}]]
    }
    return $t
}

proc op_card_points {req} {
    set c [get_card [req_field $req card] card]
    return [cpoints $c]
}

proc op_hello {req} {
    global RULESETS
    set s [get_str [req_field $req spec] spec]
    if {$s ne "1"} { return -code error -errorcode {FROG unsupported} "protocol version $s" }
    return [json::obj [list name [json::str "frog-tcl"] version [json::str "1.0"] \
        rulesets [json::strlist $RULESETS] \
        ops [json::strlist {hello card_points trick_winner legal_plays deal settle game match first_dealer perft}] \
        rule_ids [json::str frogspec]]]
}

# ---------------------------------------------------------------- dispatch
set OPS_RULESET {trick_winner legal_plays deal settle game match first_dealer perft}

proc errline {id kind rule msg {extra {}}} {
    set e [list kind [json::str $kind] rule [expr {$rule eq "" ? "null" : [json::str $rule]}] message [json::str $msg]]
    foreach {k v} $extra { lappend e $k $v }
    return [json::obj [list id $id error [json::obj $e]]]
}

proc handle {line} {
    global OPS_RULESET RULESETS
    if {[catch {json::parse $line} v eo]} {
        return [errline null invalid "" $v]
    }
    if {[lindex $v 0] ne "o"} { return [errline null invalid "" "request is not an object"] }
    set req [lindex $v 1]
    set id null
    if {![dict exists $req id] || [lindex [dict get $req id] 0] ne "i"} {
        return [errline null invalid "" "id is not an integer"]
    }
    set id [lindex [dict get $req id] 1]
    if {![dict exists $req op] || [lindex [dict get $req op] 0] ne "s"} {
        return [errline $id invalid "" "op is not a string"]
    }
    set op [lindex [dict get $req op] 1]
    if {$op ni [concat hello card_points $OPS_RULESET]} {
        return [errline $id unsupported "" "unknown op $op"]
    }
    set rs ""
    if {$op in $OPS_RULESET} {
        if {![dict exists $req ruleset] || [lindex [dict get $req ruleset] 0] ne "s"} {
            return [errline $id invalid "" "ruleset missing or not a string"]
        }
        set rs [lindex [dict get $req ruleset] 1]
        if {$rs ni $RULESETS} { return [errline $id unsupported "" "unknown ruleset $rs"] }
    }
    set code [catch {
        switch -- $op {
            hello { op_hello $req }
            card_points { op_card_points $req }
            default { op_$op $req $rs }
        }
    } res eo]
    if {$code == 0} {
        return [json::obj [list id $id result $res]]
    }
    set ec [dict get $eo -errorcode]
    if {[lindex $ec 0] eq "FROG"} {
        switch -- [lindex $ec 1] {
            invalid { return [errline $id invalid "" $res] }
            unsupported { return [errline $id unsupported "" $res] }
            illegal {
                set extra {}
                set at [lindex $ec 3]
                if {$at ne "" && $op in {game perft match}} { lappend extra at $at }
                if {[llength $ec] > 4} { lappend extra deal [lindex $ec 4] }
                return [errline $id illegal [lindex $ec 2] $res $extra]
            }
        }
    }
    puts stderr "internal error: $res\n[dict get $eo -errorinfo]"
    return [errline $id invalid "" "internal error: $res"]
}

fconfigure stdin -translation binary -buffering line
fconfigure stdout -translation lf -encoding utf-8 -buffering line
while {[gets stdin raw] >= 0} {
    if {[regexp {^[ \t\r]*$} $raw]} continue
    if {[string length $raw] > 16777216} {
        puts [errline null invalid "" "length: line longer than 2^24 bytes"]
        flush stdout
        continue
    }
    set line [encoding convertfrom utf-8 $raw]
    if {[encoding convertto utf-8 $line] ne $raw} {
        puts [errline null invalid "" "utf-8: line is not UTF-8"]
        flush stdout
        continue
    }
    puts [handle $line]
    flush stdout
}
