#!/usr/bin/env perl
# An engine of the pocha-engine protocol, version 2, for Poch, in Perl
# (core modules only): it reads one JSON message per line on standard input
# and answers on standard output.
#
# Its play: in the betting, open or match only with a pair or better
# (two cards of a rank), and never raise; in the shedding, play the lowest
# card it may. Every legal move comes with the view, so it needs no rules of
# its own.
#
#   pocha poch tournament --engine perl="perl examples/poch_engine.pl" --bot heuristic
use strict;
use warnings;
use JSON::PP;

$| = 1;    # every answer goes out at once
my $json = JSON::PP->new->canonical;
my %RANK = (7 => 7, 8 => 8, 9 => 9, 10 => 10, J => 11, Q => 12, K => 13, A => 14,
            2 => 2, 3 => 3, 4 => 4, 5 => 5, 6 => 6);

sub say_message { print $json->encode($_[0]), "\n" }

sub rank_of {    # "10h" -> 10, "Qs" -> 12
    my ($card) = @_;
    my ($rank) = $card =~ /^(\d+|[JQKA])[cdhs]$/;
    return defined $rank ? $RANK{$rank} : 0;
}

sub best_set {    # the most cards of one rank in the hand
    my ($hand) = @_;
    my %count;
    $count{ rank_of($_) }++ for @$hand;
    my $most = 0;
    for (values %count) { $most = $_ if $_ > $most }
    return $most;
}

sub choose {
    my ($view) = @_;
    my @moves = @{ $view->{legal_moves} };
    my @plays = grep { /^play / } @moves;
    if (@plays) {
        my @sorted = sort { rank_of(substr($a, 5)) <=> rank_of(substr($b, 5)) } @plays;
        return $sorted[0];
    }
    my $strong = best_set($view->{hand}) >= 2;
    if ($strong) {
        for my $wanted ("match", "open 1", "close") {
            return $wanted if grep { $_ eq $wanted } @moves;
        }
    }
    return "pass" if grep { $_ eq "pass" } @moves;
    return $moves[0];
}

while (my $line = <STDIN>) {
    next unless $line =~ /\S/;
    my $message = $json->decode($line);
    my $type = $message->{type};
    if ($type eq "hello") {
        say_message({ type => "ready", name => "example Perl engine", version => 2 });
    } elsif ($type eq "turn") {
        say_message({ type => "move", turn => $message->{turn}, move => choose($message->{view}) });
    } elsif ($type eq "quit") {
        last;
    }
}
