use hetman::knight::*;
use hetman::BoardSize;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args[1].as_str() {
        "count" => {
            let size: BoardSize = args[2].parse().unwrap();
            let closed = args.get(3).is_some_and(|a| a == "closed");
            let b = KnightBoard::new(size).unwrap();
            let t0 = Instant::now();
            let t = enumerate::count_all(&b, &enumerate::CountOptions { closed, ..Default::default() }).unwrap();
            println!("{size} total {} nodes {} a1 {:?} {:?}", t.total(), t.nodes, t.per_square[0], t0.elapsed());
        }
        "huge" => {
            let size: BoardSize = args[2].parse().unwrap();
            let closed = args.get(3).is_some_and(|a| a == "closed");
            let b = KnightBoard::new(size).unwrap();
            let t0 = Instant::now();
            let t = huge::construct(&b, "a1".parse().unwrap(), closed).unwrap();
            let e = t0.elapsed();
            let v = t.verify();
            println!("{size} {:?} verify {:?} {:?}", e, v, t0.elapsed());
        }
        "warn" => {
            let size: BoardSize = args[2].parse().unwrap();
            let closed = args.get(3).is_some_and(|a| a == "closed");
            let b = KnightBoard::new(size).unwrap();
            let t0 = Instant::now();
            let f = find(&b, "a1".parse().unwrap(), &FindOptions { closed, max_nodes: Some(10_000_000), ..Default::default() });
            match f { Ok(f) => println!("{size} found={} nodes={} {:?}", f.tour.is_some(), f.nodes, t0.elapsed()), Err(e) => println!("{size} ERR {e} {:?}", t0.elapsed()) }
        }
        "warnall" => {
            let closed = args.get(2).is_some_and(|a| a == "closed");
            let t0 = Instant::now();
            for n in 5..=200u32 {
                if closed && n % 2 == 1 { continue; }
                let b = KnightBoard::new(BoardSize::square(n).unwrap()).unwrap();
                for c in ["a1", "a{n}", "{l}1", "{l}{n}"] {
                    let l = hetman::board::file_name(n - 1);
                    let c = c.replace("{n}", &n.to_string()).replace("{l}", &l);
                    let t1 = Instant::now();
                    let f = find(&b, c.parse().unwrap(), &FindOptions { closed, max_nodes: Some(1_000_000), ..Default::default() });
                    match f { Ok(f) if f.tour.is_some() => { if t1.elapsed().as_millis() > 200 { println!("{n} {c} slow {:?} nodes {}", t1.elapsed(), f.nodes); } } , Ok(_) => println!("{n} {c} none"), Err(e) => println!("{n} {c} ERR {e}") }
                }
            }
            println!("all {:?}", t0.elapsed());
        }
        _ => {}
    }
}
