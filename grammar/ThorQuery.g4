// The thordb query language: `player = "Tastet Marc" and opening = f5d6`.
// Keywords are case-insensitive; `--` starts a comment. The parser is strict (anchored with EOF).
// Fields are plain words here: QueryField (org.thordb.query.ast) is the table that says which
// words are fields and what each takes, so a new field needs no change to this grammar, and a
// misspelt one gets "unknown field 'yaer' (did you mean year?)" rather than a syntax error.
grammar ThorQuery;

options { caseInsensitive = true; }

@header { package org.thordb.query.parse; }

query : expr EOF ;

expr
    : NOT expr                      # notExpr
    | expr AND expr                 # andExpr
    | expr OR expr                  # orExpr
    | LPAREN expr RPAREN            # parenExpr
    | predicate step*               # predicateExpr
    ;

// A sequence of board conditions: `pattern = "…" then pattern = "…" within 6 moves`, each later
// than the one before (within N moves of it when said).
step : THEN predicate (WITHIN n=INT unit=(MOVE | WORD))? ;

// A board condition names its moves before or after the comparison:
// `discs(black) at move 40 > 45`, `pattern = "…" from move 20 to move 30`, `empties at end > 0`.
predicate
    : field=WORD IN low=INT DOTDOT high=INT                                              # rangePredicate
    | field=WORD argument? pre=when? op=(EQ | NE | LT | LE | GT | GE | TILDE) value post=when?   # comparePredicate
    ;

argument
    : LPAREN arg=WORD RPAREN
    | arg=WORD
    ;

when
    : AT MOVE n=INT                         # atMove
    | AT END                                # atEnd
    | BEFORE MOVE n=INT                     # beforeMove
    | FROM MOVE n=INT TO MOVE m=INT         # fromMove
    ;

value : STRING | INT | WORD ;

AND : 'and' ;
OR : 'or' ;
NOT : 'not' ;
IN : 'in' ;
AT : 'at' ;
MOVE : 'move' ;
END : 'end' ;
BEFORE : 'before' ;
FROM : 'from' ;
TO : 'to' ;
THEN : 'then' ;
WITHIN : 'within' ;

WORD : [a-z_] [a-z0-9_.]* ;
INT : [0-9]+ ;
STRING : '"' (~["\\\r\n] | '\\' ["\\])* '"' ;

EQ : '=' ;
NE : '!=' ;
LE : '<=' ;
GE : '>=' ;
LT : '<' ;
GT : '>' ;
TILDE : '~' ;
DOTDOT : '..' ;
LPAREN : '(' ;
RPAREN : ')' ;

COMMENT : '--' ~[\r\n]* -> skip ;
WS : [ \t\r\n]+ -> skip ;
ERROR_CHAR : . ;
